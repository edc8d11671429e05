/**
 * The Node flags the signing service runs with: docker-compose.yml's signer command, `npm start`
 * and the benchmarks all start it with these.
 *
 * A request's objects live for milliseconds, yet under load V8 grows each of the young
 * generation's two semi-spaces to 16 MB and keeps them resident. Capped at 2 MB, the peak with
 * four concurrent 10 MB requests fell from 216–227 to 176–178 MB at the same one-page throughput
 * (docs/performance.md, "The signing service's memory").
 */
export const SIGNER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2'];
