package dev.switchboard.store;

import java.util.List;

/** A delete was refused because other rows still refer to the row; {@link #users()} names them. */
public final class InUseException extends RuntimeException {
  private final String subject;
  private final List<String> users;

  public InUseException(String subject, List<String> users) {
    super(subject + " is still used by " + String.join(", ", users));
    this.subject = subject;
    this.users = List.copyOf(users);
  }

  /** The name of the row that could not be deleted. */
  public String subject() {
    return subject;
  }

  /** Names of the models (for a provider) or aliases (for a model) that refer to it, sorted. */
  public List<String> users() {
    return users;
  }
}
