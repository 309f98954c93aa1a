/**
 * The public API of the actor toolkit: {@link actor.api.Actor actors}, {@link actor.api.Message
 * messages}, the {@link actor.api.Allocation allocation statuses}, {@link actor.api.PoisonPill poison
 * pills}, the {@link actor.api.ActorSystem actor system} with its
 * {@link actor.api.ActorSystemConfig configuration}, and the {@link actor.api.Stash stash} in which
 * an actor holds back messages it cannot handle yet. An actor learns of another's end by death
 * watch ({@link actor.api.Actor#watch(Actor, Object)}); it sends itself messages later with its
 * keyed {@link actor.api.ActorTimers timers}; it finds others by {@link actor.api.ServiceKey typed key}
 * through the system's {@link actor.api.Receptionist receptionist}. A {@link actor.api.Supervised
 * supervised} actor restarts, resumes, stops or escalates by its {@link actor.api.SupervisorStrategy
 * strategy} when its behaviour fails. An actor created with a {@link actor.api.MailboxBound} holds at
 * most that many queued messages, refusing, dropping (reported) or making a sender wait beyond.
 * Routers are in {@link actor.api.routing}.
 *
 * <p>Threading: actors are created and messages sent from any thread; behaviours run on the
 * system's worker threads, one at a time per actor, in per-sender FIFO order. Configuration objects
 * are immutable; a stash and an {@code ActorTimers} are used by their actor's behaviours only.
 * Problems on worker threads go to the configured {@link actor.api.ErrorHandler}. Code that blocks
 * runs on the system's blocking threads instead ({@link actor.api.ActorSystem#blocking}), never on
 * a worker.
 */
package actor.api;
