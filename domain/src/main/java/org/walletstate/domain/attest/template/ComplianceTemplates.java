package org.walletstate.domain.attest.template;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.eas.AttestationLookup;

/**
 * The five compliance templates of the interface. Schema UIDs, attesters and attestation lookups
 * are the production values, sourced in {@code docs/chains.md}.
 *
 * <p>The exchange templates look up through Coinbase Verifications' indexer ({@code
 * getAttestationUid}). The passport templates look up through Human Passport's schema resolver
 * ({@code getUserAttestation}), which every score attestation passes through when EAS makes or
 * revokes it; EAS's own Indexer on chain 10 has no lookup by recipient and schema alone.
 */
public final class ComplianceTemplates {

  private static final String EXCHANGE = "Coinbase Verifications";
  private static final String PASSPORT = "Human Passport";
  private static final EvmAddress EXCHANGE_ATTESTER =
      EvmAddress.of("0x357458739F90461b99789350868CD7CF330Dd7EE");
  private static final AttestationLookup EXCHANGE_INDEXER =
      AttestationLookup.indexer(EvmAddress.of("0x2c7eE1E5f416dfF40054c27A62f7B357C4E8619C"));
  private static final EvmAddress PASSPORT_ATTESTER =
      EvmAddress.of("0x843829986e895facd330486a61Ebee9E1f1adB1a");
  private static final AttestationLookup PASSPORT_RESOLVER =
      AttestationLookup.passportResolver(
          EvmAddress.of("0xc94aBf0292Ac04AAC18C251d9C8169a8dd2BBbDC"));
  private static final Bytes32 PASSPORT_SCORE_SCHEMA =
      schema("0xda0257756063c891659fed52fd36ef7557f7b45d66f59645fd3c3b263b747254");

  private static final Map<String, ComplianceTemplate> TEMPLATES;

  static {
    Map<String, ComplianceTemplate> m = new LinkedHashMap<>();
    exchange(
        m,
        "exchange_verified_account",
        "The wallet completed the exchange's identity check (a verified-account attestation).",
        "0xf8b05c79f090979bf4a80270aba232dff11a10d9ca55c4f88de95317970f0de9");
    exchange(
        m,
        "exchange_verified_country",
        "A valid, unrevoked, unexpired verified-country attestation exists for the wallet; no"
            + " specific country is matched.",
        "0x1801901fabd0e6189356b4fb52bb0ab855276d84f7ec140839fbd1f6801ca065");
    exchange(
        m,
        "exchange_one",
        "The wallet holds the exchange's membership status attestation.",
        "0x254bd1b63e0591fefa66818ca054c78627306f253f86be6023725a67ee6bf9f4");
    passport(
        m,
        "humanity_passport_score",
        "The wallet's humanity score attestation shows a score of 20 or above.",
        new TemplateRule.MinimumScore(20));
    passport(
        m,
        "humanity_passport_active",
        "The wallet has an active (unrevoked, unexpired) passport attestation with any positive"
            + " score.",
        new TemplateRule.MinimumScore(0));
    TEMPLATES = Collections.unmodifiableMap(m);
  }

  private ComplianceTemplates() {}

  private static Bytes32 schema(String uid) {
    return Bytes32.parse(uid, "schemaUid");
  }

  private static void exchange(
      Map<String, ComplianceTemplate> m, String name, String description, String schema) {
    m.put(
        name,
        new ComplianceTemplate(
            name,
            EXCHANGE,
            description,
            ChainCatalogue.require(ChainId.evm(8453)),
            schema(schema),
            EXCHANGE_ATTESTER,
            EXCHANGE_INDEXER,
            new TemplateRule.Valid()));
  }

  private static void passport(
      Map<String, ComplianceTemplate> m, String name, String description, TemplateRule rule) {
    m.put(
        name,
        new ComplianceTemplate(
            name,
            PASSPORT,
            description,
            ChainCatalogue.require(ChainId.evm(10)),
            PASSPORT_SCORE_SCHEMA,
            PASSPORT_ATTESTER,
            PASSPORT_RESOLVER,
            rule));
  }

  /** All templates, in the interface's order. */
  public static Collection<ComplianceTemplate> all() {
    return TEMPLATES.values();
  }

  public static Optional<ComplianceTemplate> find(String name) {
    return Optional.ofNullable(TEMPLATES.get(name));
  }
}
