package dev.switchboard.api;

import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/** Request ids: 128 random bits as 32 hex characters, made without locks. */
final class RequestIds {

  private static final HexFormat HEX = HexFormat.of();

  private RequestIds() {}

  static String next() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    return HEX.toHexDigits(r.nextLong()) + HEX.toHexDigits(r.nextLong());
  }
}
