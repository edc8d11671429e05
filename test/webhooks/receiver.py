"""An idempotent webhook receiver, written as a receiving system would write it: the Standard
Webhooks library from PyPI verifies each delivery; a webhook-id already processed is answered
200 and not processed again; everything processed is committed to SQLite before the answer, so
a receiver killed and restarted keeps what it had. It answers 500 to about half the deliveries
(before processing them), as a flaky receiver would.

    python3 receiver.py --port 8123 --db received.sqlite --secret whsec_... [--fail-ratio 0.5]
"""
import argparse
import json
import random
import sqlite3
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--db", required=True)
parser.add_argument("--secret", required=True)
parser.add_argument("--fail-ratio", type=float, default=0.5)
args = parser.parse_args()

webhook = Webhook(args.secret)
lock = threading.Lock()
db = sqlite3.connect(args.db, check_same_thread=False, isolation_level=None)
db.execute("pragma journal_mode=wal")
db.execute("pragma synchronous=full")
db.execute(
    "create table if not exists processed (n integer primary key autoincrement, webhook_id text unique not null,"
    " type text not null, body text not null)"
)
db.execute("create table if not exists answers (status integer not null, webhook_id text, repeat integer not null default 0)")


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def answer(self, status, webhook_id, repeat=False):
        with lock:
            db.execute("insert into answers (status, webhook_id, repeat) values (?, ?, ?)", (status, webhook_id, int(repeat)))
        self.send_response(status)
        self.send_header("content-length", "0")
        self.end_headers()

    def do_GET(self):
        self.send_response(200 if self.path == "/health" else 404)
        self.send_header("content-length", "0")
        self.end_headers()

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("content-length", "0")))
        headers = {k.lower(): v for k, v in self.headers.items()}
        webhook_id = headers.get("webhook-id")
        try:
            body = webhook.verify(raw, headers)
        except WebhookVerificationError:
            return self.answer(401, webhook_id)
        if random.random() < args.fail_ratio:
            return self.answer(500, webhook_id)
        with lock:
            db.execute("begin immediate")
            cursor = db.execute(
                "insert or ignore into processed (webhook_id, type, body) values (?, ?, ?)",
                (webhook_id, body["type"], json.dumps(body)),
            )
            repeat = cursor.rowcount == 0
            db.execute("commit")
        self.answer(204, webhook_id, repeat)


ThreadingHTTPServer(("127.0.0.1", args.port), Handler).serve_forever()
