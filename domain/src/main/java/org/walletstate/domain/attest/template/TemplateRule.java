package org.walletstate.domain.attest.template;

/**
 * What a template asks of the attestation it finds, beyond being valid (unrevoked, unexpired, of
 * the template's schema, from the template's attester, about the wallet).
 */
public sealed interface TemplateRule permits TemplateRule.Valid, TemplateRule.MinimumScore {

  /** A valid attestation is enough. */
  record Valid() implements TemplateRule {}

  /**
   * The attestation's score field, read with its own decimals, must reach {@code minimum} (a
   * minimum of zero means any positive score).
   */
  record MinimumScore(long minimum) implements TemplateRule {
    public MinimumScore {
      if (minimum < 0) {
        throw new IllegalArgumentException("minimum score must not be negative");
      }
    }
  }
}
