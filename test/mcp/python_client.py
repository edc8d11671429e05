"""A second MCP client, the Python SDK: initialize, list the tools, call search_cases with a token.

Usage: MCP_URL=... MCP_TOKEN=... python3 python_client.py '<search_cases arguments as JSON>'
Prints one JSON object: {protocol_version, server, tools, search_cases: {is_error, structured}}.
"""
import asyncio
import json
import os
import sys

from mcp import ClientSession
from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client


def dump(value):
    return value.model_dump(mode="json", by_alias=True, exclude_none=True) if hasattr(value, "model_dump") else value


async def main() -> None:
    url = os.environ["MCP_URL"]
    args = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
    http = create_mcp_http_client(headers={"Authorization": f"Bearer {os.environ['MCP_TOKEN']}"})
    async with http:
        async with streamable_http_client(url, http_client=http) as streams:
            read, write = streams[0], streams[1]
            async with ClientSession(read, write) as session:
                init = await session.initialize()
                tools = await session.list_tools()
                result = await session.call_tool("search_cases", args)
                print(json.dumps({
                    "protocol_version": dump(init).get("protocolVersion"),
                    "server": dump(init).get("serverInfo"),
                    "tools": [t.name for t in tools.tools],
                    "search_cases": {"is_error": dump(result).get("isError"), "structured": dump(result).get("structuredContent")},
                }))


asyncio.run(main())
