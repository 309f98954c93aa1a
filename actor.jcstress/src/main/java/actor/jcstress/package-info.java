/**
 * The jcstress gate ({@link actor.jcstress.JCStressGate}) that runs the tests of this module during
 * {@code mvn verify} and fails the build on a failed test.
 *
 * <p><b>Why this module has no module-info.</b> Its tests race the executor's package-private
 * protocol classes ({@code Mailbox}, {@code WorkerSleep}, {@code Thief}, ...) directly, so they are
 * declared in the very packages they test: {@code actor.steal.internal} and
 * {@code actor.executor.internal}. On the module path a package may belong to one module only, and a
 * named module could reach package-private members of another module in no case; on the class path
 * the same package may come from several jars and, loaded by one class loader, is one run-time
 * package. jcstress also forks its test JVMs with the class path of the launcher. So the module is
 * compiled and run on the class path, and exists as a Maven module only.
 *
 * <p>The tests: {@code actor.steal.internal.SwapRaces} (the slot swap with owners),
 * {@code actor.executor.internal.GulpStealSendRaces} (batches, owners and order while a mailbox is
 * gulped, stolen and sent to), {@code actor.executor.internal.SleepRaces} (no lost wake-up when a
 * worker announces sleep while a sender or a thief fills its slice) and
 * {@code actor.executor.internal.LiveActorCountRaces} (the stop is reached exactly once).
 *
 * <p>Threading: each test's actors run on jcstress's threads; none of them parks (a worker's sleep
 * is raced up to its decision to park, {@code WorkerSleep.announceAndRecheck}).
 */
package actor.jcstress;
