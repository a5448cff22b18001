package dev.switchboard.catalog;

/**
 * One entry of an alias: a model (never an alias), its weight and its place in the listed order.
 *
 * @param position 1-based place in the alias's listed order
 * @param weight 1–1000, used by the weighted rule
 */
public record Target(long modelId, int position, int weight) {}
