package actor.api;

/**
 * The reference an actor's creator holds: it sends {@code M} as any {@link ActorRef} does, and can
 * also end the actor with a {@linkplain PoisonPill poison pill}, behind the messages already queued
 * for it. {@link ActorSystem#spawnRef} and {@link Actor#spawnChild} return one, so the creator needs
 * no actor object; hand others an {@link ActorRef} (this one, or {@link #narrow()}ed), which cannot
 * end the actor. A {@link actor.api.routing.Pool} is one too: a pill sent to it ends each routee.
 *
 * <pre>{@code
 * OwnedRef<Job> worker = system.spawnRef(Worker::new, "worker-1");
 * worker.send(new Job(1));
 * worker.send(PoisonPill.FINISHED);                 // ends it once it has handled the job
 * }</pre>
 *
 * <p>Threading: any thread, as {@link ActorRef#send}.
 *
 * @param <M> the message type the actor accepts
 */
public interface OwnedRef<M> extends ActorRef<M> {

    /**
     * Sends {@code pill} to the actor, behind what is queued for it: it ends as its
     * {@link Actor#onPoisonPill} decides (by default with the pill's status), once it has handled
     * those messages. To an actor that has terminated it is a dead letter, as any message.
     *
     * @param pill one of {@link PoisonPill#DELETE}, {@link PoisonPill#DESTROY}, {@link PoisonPill#FINISHED}
     * @throws NullPointerException     if {@code pill} is null
     * @throws ActorTerminatedException if the actor has terminated and its system has
     *                                  {@linkplain ActorSystemConfig.Builder#strictSends strict sends}
     */
    void send(PoisonPill pill);
}
