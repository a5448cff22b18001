package dev.switchboard.catalog;

/**
 * A target resolved against the snapshot: the model, its provider and its place in the alias.
 *
 * @param target the alias entry, or {@code null} when the name was a model
 */
public record Binding(Model model, Provider provider, Target target) {

  /** Usable now: the model and its provider are both active. */
  public boolean available() {
    return model.active() && provider.active();
  }

  /** Why the binding is not usable, or {@code null} when it is. */
  public String unavailableReason() {
    if (!model.active()) {
      return "model_inactive";
    }
    return provider.active() ? null : "provider_inactive";
  }

  public Timeouts timeouts() {
    return model.timeouts().over(provider.timeouts().over(Timeouts.DEFAULTS));
  }
}
