/**
 * The sharded, gulping, message-centric executor. Not exported: applications reach it only through
 * {@code actor.api}.
 *
 * <h2>One class per mechanism</h2>
 * The send and the gulp: {@link actor.executor.internal.Mailbox} ({@code CopyQueueMailbox} under a
 * spin lock, or {@code MpscMailbox} with lock-free sends). The duty cycle:
 * {@link actor.executor.internal.Worker}, run by {@link actor.executor.internal.WorkerRunner}; one
 * envelope and one batch: {@link actor.executor.internal.EnvelopeRunner}. Sleep and wake-up:
 * {@link actor.executor.internal.WorkerSleep} (both sides), {@link actor.executor.internal.SleepCycle}
 * (when, and the re-checks). Stealing, and the owners a swap moves:
 * {@link actor.executor.internal.Thief}; what is worth stealing, and who is stuck (rescues):
 * {@link actor.executor.internal.StealRule}; a sleeping thief's looks at the awake workers:
 * {@link actor.executor.internal.Watch}; the mailbox a steal or a pull gives in exchange:
 * {@link actor.executor.internal.GiveCursor}. Conversations: when to follow, pull or push,
 * {@link actor.executor.internal.Conversations}; the pulls and pushes themselves,
 * {@link actor.executor.internal.HandOffMoves}; the mailboxes of sleeping workers a worker runs,
 * {@link actor.executor.internal.Adoptions}. Live count, stop, abort and exit:
 * {@link actor.executor.internal.Termination}. Tickets: {@link actor.executor.internal.Placement}.
 * Death watch (a watch, its signals, and each mailbox's table of them):
 * {@link actor.executor.internal.DeathWatch}, {@link actor.executor.internal.DeathWatches}.
 * Scheduled sends and keyed timers (an expiry is a signal checked on the owner's worker; each
 * mailbox's table of timer holders cancels them at an actor's end):
 * {@link actor.executor.internal.Timers}. Context propagation ({@code actor.api.ContextPropagator}):
 * the wrapper a traced send queues, and why an untraced system never sees it,
 * {@link actor.executor.internal.Traced}; its unwrapping, {@code EnvelopeRunner}'s traced sink.
 *
 * <h2>One policy</h2>
 * Every rule of <em>when</em> or <em>where</em> is named in {@link actor.executor.internal.Policy}:
 * batches ({@code regulp}, {@code append}); conversations ({@code follow}, {@code pull},
 * {@code push}, {@code feeder-push}, {@code adopt}); stealing ({@code steal-backoff},
 * {@code comm-bound}, {@code settling}); help ({@code rescue}, {@code watch}); idling
 * ({@code crowded-sleep}); blocking ({@code spare-carriers}); placement ({@code chain-join},
 * {@code hub}). The mechanisms ask it through {@code static final} switches (folded by the JIT)
 * and take every tunable from its one record, {@code Policy.Tunables}; docs/scheduling.md has the
 * table: each rule's trigger, action, tunables, test and proof.
 *
 * <h2>House rules</h2>
 * <ul>
 * <li><b>Padding.</b> A field other threads touch on a hot path sits alone between 128-byte pads,
 *     laid out by class hierarchy ({@code ...Pad0 -> ...Fields -> ...Pad1}) with byte fields, so the
 *     JVM cannot put another field into the gap; {@code PaddingTest} checks every such claim with
 *     JOL.</li>
 * <li><b>{@code ...Racy}.</b> A method named so reads without the lock (opaque): a hint that may be
 *     stale, never a decision. Every decision is re-checked under the mailbox lock.</li>
 * <li><b>Lock-guarded fields.</b> A mailbox's queue, owner, being-processed flag and closed flag
 *     change only under its lock (the being-processed flag is also cleared by its owner with a
 *     release store); an owner changes only while a thief holds the mailbox's slot in a swap.</li>
 * <li><b>Writer, reader, ordering.</b> Every field shared between threads says in its comment who
 *     writes it, who reads it and with which ordering (plain, opaque, acquire/release, volatile);
 *     VarHandles are resolved once in the owning class; each publication point and deliberate benign
 *     race carries a {@code NOTE:} saying why it is safe.</li>
 * <li><b>Proofs.</b> The two- and three-party races of these protocols are jcstress tests
 *     ({@code actor.jcstress}); liveness (no lost wake-up) is counted exactly and asserted by the
 *     stress tests.</li>
 * </ul>
 */
package actor.executor.internal;
