package dev.switchboard.mock;

/**
 * A snapshot of the mock's inference counters; each request ends as completed, client-closed, or
 * neither when the mock itself cut the connection ({@code reset}, {@code truncate}).
 *
 * @param requests inference requests received since start or the last reset
 * @param completed requests whose answer was fully written
 * @param clientClosed requests whose caller went away before the answer ended
 * @param inFlight requests still open
 */
public record MockStats(long requests, long completed, long clientClosed, long inFlight) {}
