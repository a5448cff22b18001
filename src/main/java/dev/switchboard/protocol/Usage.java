package dev.switchboard.protocol;

/** Token counts an upstream reported for one answer; {@code -1} where it reported none. */
public record Usage(long input, long output) {

  public static final Usage NONE = new Usage(-1, -1);

  public boolean known() {
    return input >= 0 || output >= 0;
  }

  static Usage of(JsonScan.Field usage) {
    if (usage == null || usage.members() == null) {
      return NONE;
    }
    return new Usage(usage.memberLong("prompt_tokens"), usage.memberLong("completion_tokens"));
  }
}
