/**
 * The contract between {@code actor.api} and an executor implementation. Exported only to
 * {@code actor.executor}; applications never use it.
 *
 * <p>Threading: {@link actor.api.spi.ActorExecutor} methods are called from any thread;
 * {@link actor.api.spi.ActorAccess} methods are called by a worker while it runs an envelope.
 */
package actor.api.spi;
