/**
 * Example programs. A modular application exactly as a user writes one: it requires
 * {@code actor.api} and nothing else; {@code actor.executor} sits on the module path and is found
 * as a service.
 */
module actor.examples {
    requires actor.api;

    exports actor.examples;
}
