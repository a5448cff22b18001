package dev.switchboard.api;

import dev.switchboard.routing.Verdict;

/** Every way an inference request can fail on the gateway's side; {@link Errors} maps each to HTTP. */
sealed interface GatewayError {

  record InvalidRequest(String message, String param, String code) implements GatewayError {}

  record Unauthorized() implements GatewayError {}

  record ModelNotFound(String name) implements GatewayError {}

  record WrongEndpoint(String name, String kind) implements GatewayError {}

  record AliasUnavailable(String name) implements GatewayError {}

  record BodyTooLarge(long limit) implements GatewayError {}

  record NoRoute(String method, String path) implements GatewayError {}

  /** Every attempt failed and the last one left no HTTP answer to relay. */
  record UpstreamFailed(Verdict last, int attempts) implements GatewayError {}

  record Internal(String message) implements GatewayError {}
}
