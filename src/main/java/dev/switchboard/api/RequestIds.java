package dev.switchboard.api;

import java.util.concurrent.ThreadLocalRandom;

/** Request ids: 128 random bits as 32 hex characters, made without locks. */
final class RequestIds {

  private RequestIds() {}

  static String next() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    return String.format("%016x%016x", r.nextLong(), r.nextLong());
  }
}
