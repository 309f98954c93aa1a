package actor.api.routing;

import java.util.concurrent.ThreadLocalRandom;

/** Random: each message to a routee drawn uniformly, from the sending thread's own generator (no shared state). */
final class RandomSelector<M> implements Selector<M> {

    private final int routees;

    RandomSelector(int routees) {
        this.routees = routees;
    }

    @Override
    public int select(M message) {
        return ThreadLocalRandom.current().nextInt(routees);
    }
}
