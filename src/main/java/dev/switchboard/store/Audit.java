package dev.switchboard.store;

/**
 * What to record about one change: who made it, what kind ({@code provider.create}, {@code alias.update}, …),
 * the name of the row it touched, and the changed fields as a JSON object.
 */
public record Audit(String actor, String action, String subject, String detailsJson) {
  public Audit {
    if (actor == null || actor.isBlank() || action == null || action.isBlank() || subject == null) {
      throw new IllegalArgumentException("an audit row needs an actor, an action and a subject");
    }
    if (detailsJson == null || detailsJson.isBlank()) {
      detailsJson = "{}";
    }
  }
}
