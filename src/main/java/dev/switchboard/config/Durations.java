package dev.switchboard.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them in settings: {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, or bare seconds. */
public final class Durations {

  private static final Pattern FORM = Pattern.compile("(\\d{1,9})(ms|s|m|h)?");

  private Durations() {}

  public static Duration parse(String name, String text) {
    Matcher m = FORM.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      throw new ConfigException(name + " must be a duration such as 500ms, 30s, 5m or 1h, not '" + text + "'");
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    return switch (unit) {
      case "ms" -> Duration.ofMillis(n);
      case "m" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      default -> Duration.ofSeconds(n);
    };
  }
}
