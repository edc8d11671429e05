/**
 * The Node flags the signing service runs with: docker-compose.yml's signer command, `npm start`
 * and the benchmarks all start it with these.
 *
 * A request's objects live for milliseconds, yet under load V8 grows each of the young
 * generation's two semi-spaces to 16 MB and keeps them resident. Capped at 2 MB, the peak with
 * four concurrent 10 MB requests fell from 238 to 176–195 MB, for ~4% of one-page throughput and
 * 16–20 ms on a 10 MB signature (docs/performance.md, "The signing service's memory";
 * docs/decisions.md).
 */
export const SIGNER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2'];
