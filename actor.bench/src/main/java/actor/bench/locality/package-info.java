/**
 * The locality simulation: the real victim selectors ({@code hierarchical}, {@code random},
 * {@code longest-victim}) driven on simulated machines larger than this one, with synthetic
 * occupancy patterns, reporting where steals land, how many attempts a steal takes, and how many
 * thieves converge on one victim. Run {@link actor.bench.locality.LocalitySimulation}; the results
 * are in {@code docs/lab/locality.md}.
 *
 * <p>Threading: single-threaded. Simulated workers take turns; each thief's attempt is recorded in
 * the real {@link actor.steal.internal.StealStamps} before the next thief chooses, as in a running
 * executor where every thief publishes its search.
 */
package actor.bench.locality;
