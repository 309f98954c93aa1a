/**
 * The sharded, gulping, message-centric executor. Not exported: applications reach it only through
 * {@code actor.api}.
 *
 * <p>Threading: {@link actor.executor.internal.ShardedExecutor#send} runs on any thread and touches
 * one mailbox: under its spin lock ({@link actor.executor.internal.CopyQueueMailbox}), or with one
 * lock-free offer ({@link actor.executor.internal.MpscMailbox}). Each
 * {@link actor.executor.internal.Worker} owns its private
 * fields; the fields shared between threads are documented where they are declared, with who
 * writes them, who reads them, and with which ordering.
 */
package actor.executor.internal;
