package dev.switchboard.health;

/**
 * Which target a state belongs to: a model as used by one alias ({@code alias} is {@code ""} for calls that
 * name the model directly), so one alias's settings never trip another alias's target.
 */
public record TargetKey(String alias, long modelId) {}
