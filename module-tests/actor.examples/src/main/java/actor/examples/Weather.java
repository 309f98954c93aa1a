package actor.examples;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.PoisonPill;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Latency hiding: a forecaster actor calls an asynchronous, HTTP-like client and awaits its answer
 * without blocking its worker, then replies to whoever asked. While it waits, its later requests
 * stay queued in order, so its cache needs no lock: the second request for a city is answered from
 * the cache the first one filled. The main thread asks with a timeout and prints the replies in
 * the order asked.
 */
public final class Weather {

    /** A stand-in for an asynchronous HTTP client: answers on its own thread after a delay. */
    static final class WeatherClient implements AutoCloseable {
        private static final Map<String, String> SERVER = Map.of("Paris", "sunny, 21 C", "Oslo", "rain, 9 C");
        private final ScheduledExecutorService network = Executors.newSingleThreadScheduledExecutor(r -> {
            final Thread thread = new Thread(r, "weather-client");
            thread.setDaemon(true);
            return thread;
        });

        /** {@code GET /forecast/<city>}: the body, or a failure for an unknown city. */
        CompletableFuture<String> get(String city) {
            final CompletableFuture<String> response = new CompletableFuture<>();
            network.schedule(() -> {
                final String body = SERVER.get(city);
                if (body == null) {
                    response.completeExceptionally(new IOException("404 " + city));
                } else {
                    response.complete(body);
                }
            }, 50, TimeUnit.MILLISECONDS);
            return response;
        }

        @Override
        public void close() {
            network.shutdownNow();
        }
    }

    /** A request for a city's forecast, answered to {@code replyTo}. */
    record Forecast(String city, ActorRef<String> replyTo) {
    }

    /** Answers forecasts from its cache, or from the client, awaited. */
    static final class Forecaster extends Actor<Forecast> {
        private final WeatherClient client;
        private final Map<String, String> cache = new HashMap<>();

        Forecaster(ActorSystem system, WeatherClient client) {
            super(system);
            this.client = client;
        }

        @Override
        protected Allocation receive(Forecast request) {
            final String cached = cache.get(request.city());
            if (cached != null) {
                request.replyTo().send(request.city() + ": " + cached + " (cached)");
                return Allocation.NODELETE;
            }
            return await(client.get(request.city()), (body, failure) -> {
                if (failure != null) {
                    request.replyTo().send(request.city() + ": unavailable (" + failure.getMessage() + ")");
                } else {
                    cache.put(request.city(), body);
                    request.replyTo().send(request.city() + ": " + body);
                }
                return Allocation.NODELETE;
            });
        }
    }

    private Weather() {
    }

    public static void main(String[] args) {
        try (WeatherClient client = new WeatherClient(); ActorSystem system = ActorSystem.start()) {
            final Forecaster forecaster = new Forecaster(system, client);
            final List<CompletableFuture<String>> replies = List.of("Paris", "Oslo", "Atlantis", "Paris").stream()
                    .map(city -> system.<Forecast, String>ask(forecaster.ref(), replyTo -> new Forecast(city, replyTo),
                            Duration.ofSeconds(2)))
                    .toList();
            replies.forEach(reply -> System.out.println(reply.join()));
            forecaster.send(PoisonPill.FINISHED);
        }
    }
}
