package actor.blackbox;

import actor.api.ActorError;
import actor.api.ErrorHandler;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Collects every reported problem, for assertions. */
final class RecordingErrorHandler implements ErrorHandler {

    private final List<ActorError> errors = new CopyOnWriteArrayList<>();

    @Override
    public void handle(ActorError error) {
        errors.add(error);
    }

    List<ActorError> all() {
        return List.copyOf(errors);
    }

    <E extends ActorError> List<E> ofType(Class<E> type) {
        return errors.stream().filter(type::isInstance).map(type::cast).toList();
    }

    long undeliveredCount() {
        return ofType(ActorError.UndeliveredMessages.class).stream()
                .mapToLong(ActorError.UndeliveredMessages::count).sum();
    }
}
