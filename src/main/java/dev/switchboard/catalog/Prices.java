package dev.switchboard.catalog;

/**
 * A model's list prices; {@code null} fields are unpriced.
 *
 * @param inputPerMillion price of one million input tokens
 * @param outputPerMillion price of one million output tokens
 * @param perImage price of one generated image (or page)
 * @param currency ISO code, {@code USD} when absent
 */
public record Prices(Double inputPerMillion, Double outputPerMillion, Double perImage, String currency) {

  public static final Prices NONE = new Prices(null, null, null, null);

  public boolean priced() {
    return inputPerMillion != null || outputPerMillion != null || perImage != null;
  }

  /** What an attempt with these token counts cost, or {@code null} when the model is unpriced. */
  public Double cost(long inputTokens, long outputTokens) {
    if (inputPerMillion == null && outputPerMillion == null) {
      return null;
    }
    double in = inputPerMillion == null ? 0 : inputPerMillion * Math.max(0, inputTokens) / 1_000_000d;
    double out = outputPerMillion == null ? 0 : outputPerMillion * Math.max(0, outputTokens) / 1_000_000d;
    return in + out;
  }

  public String currencyOrDefault() {
    return currency == null ? "USD" : currency;
  }
}
