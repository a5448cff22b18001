/**
 * A fake OpenAI-compatible upstream that the gateway's tests, demos and drills talk to over real
 * sockets (DESIGN §13).
 *
 * <p>Each inference request becomes one {@code Exchange}, which owns the request's only pending
 * timer and leaves through exactly one exit: completed (the last byte was written), client-closed
 * (the caller went away first; the timer is cancelled) or cut (the mock closed the connection on
 * purpose, for {@code reset} and {@code truncate}, which counts as neither). That single exit is
 * what keeps {@code /mock/stats} exact when a gateway abandons attempts.
 *
 * <p>Behaviour is an immutable {@code MockBehavior} behind an {@code AtomicReference}; a request
 * reads it once on arrival, so a runtime {@code PUT /mock/behavior} never changes an answer midway.
 */
package dev.switchboard.mock;
