package actor.api;

import java.lang.System.Logger.Level;

/** The default {@link ErrorHandler}: one {@link System.Logger} record per problem. */
enum LoggingErrorHandler implements ErrorHandler {
    INSTANCE;

    private static final System.Logger LOG = System.getLogger("actor.api");

    @Override
    public void handle(ActorError error) {
        if (error instanceof ActorError.BehaviourFailed failed) {
            LOG.log(Level.ERROR, error.describe(), failed.failure());
        } else if (error instanceof ActorError.DestroyHookFailed failed) {
            LOG.log(Level.ERROR, error.describe(), failed.failure());
        } else if (error instanceof ActorError.VictimSelectorFailed failed) {
            LOG.log(Level.ERROR, error.describe(), failed.failure());
        } else {
            LOG.log(Level.WARNING, error.describe());
        }
    }
}
