package actor.examples;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.Stash;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Stashing: a price list actor loads its prices from a loader actor when it starts. Until the
 * loader's reply arrives it cannot answer, so it holds the requests back in a {@link Stash}; once
 * loaded it answers them, in the order they came, before any request that arrives later. The main
 * thread asks right away, while the list is still loading, and prints the answers in the order
 * asked.
 */
public final class PriceList {

    /** What the price list accepts: requests, and the loader's reply. */
    sealed interface PricesMsg permits Get, Loaded {
    }

    /** A request for an item's price, answered to {@code replyTo}. */
    record Get(String item, ActorRef<String> replyTo) implements PricesMsg {
    }

    /** The loader's reply: the prices. */
    record Loaded(Map<String, Integer> prices) implements PricesMsg {
    }

    /** A request to the loader, answered to {@code replyTo}. */
    record Load(ActorRef<? super Loaded> replyTo) {
    }

    /** Stands in for slow storage: answers each load 50 ms later, through the system's timer. */
    static final class Loader extends Actor<Load> {
        Loader(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(Load load) {
            system().scheduleOnce(Duration.ofMillis(50), load.replyTo(), new Loaded(Map.of("apple", 3, "pear", 5)));
            return Allocation.NODELETE;
        }
    }

    /** Answers price requests; holds them back while its prices are loading. */
    static final class Prices extends Actor<PricesMsg> {
        private final Stash<PricesMsg> stash = new Stash<>(this, 1_000);
        private Map<String, Integer> prices;                   // null until loaded

        Prices(ActorSystem system, ActorRef<Load> loader) {
            super(system);
            loader.send(new Load(ref()));
        }

        @Override
        protected Allocation receive(PricesMsg msg) {
            if (msg instanceof Loaded loaded) {
                prices = loaded.prices();
                return stash.unstashAll(this::receive);        // the held requests, in order, before newer ones
            }
            if (prices == null) {                              // still loading: hold it back
                stash.stash(msg);
                return Allocation.NODELETE;
            }
            final Get get = (Get) msg;
            final Integer price = prices.get(get.item());
            get.replyTo().send(get.item() + ": " + (price == null ? "not listed" : price));
            return Allocation.NODELETE;
        }
    }

    private PriceList() {
    }

    /** Asks for three prices while the list is loading and prints the answers, in the order asked. */
    public static void run(PrintStream out) {
        try (ActorSystem system = ActorSystem.start()) {
            final Loader loader = new Loader(system);
            final Prices prices = new Prices(system, loader.ref());
            final List<CompletableFuture<String>> replies = List.of("apple", "plum", "pear").stream()
                    .map(item -> system.<PricesMsg, String>ask(prices.ref(), replyTo -> new Get(item, replyTo),
                            Duration.ofSeconds(5)))
                    .toList();
            replies.forEach(reply -> out.println(reply.join()));
            prices.send(PoisonPill.FINISHED);
            loader.send(PoisonPill.FINISHED);
        }
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
