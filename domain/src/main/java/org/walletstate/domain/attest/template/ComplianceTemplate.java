package org.walletstate.domain.attest.template;

import java.util.Objects;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.eas.AttestationLookup;

/**
 * A named EAS attestation check that callers use by name instead of spelling out schema, attester
 * and where the wallet's attestation is looked up.
 *
 * @param name the template's wire name
 * @param provider who issues the attestations
 * @param description what a met condition means
 * @param chain where the attestations live
 * @param schemaUid the EAS schema UID
 * @param attester the only accepted attester
 * @param lookup the contract and function that name the wallet's attestation of the schema
 * @param rule what the found attestation must also satisfy
 */
public record ComplianceTemplate(
    String name,
    String provider,
    String description,
    Chain chain,
    Bytes32 schemaUid,
    EvmAddress attester,
    AttestationLookup lookup,
    TemplateRule rule) {

  // Null checks written out by design: a record validates its own components on construction.
  public ComplianceTemplate {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(attester, "attester");
    Objects.requireNonNull(lookup, "lookup");
    Objects.requireNonNull(schemaUid, "schemaUid");
    Objects.requireNonNull(rule, "rule");
    if (!chain.isEvm()) {
      throw new IllegalArgumentException("EAS templates live on EVM chains");
    }
  }
}
