package org.walletstate.application.attest.port.in.condition;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.condition.EasAttestation;
import org.walletstate.domain.attest.template.ComplianceTemplate;
import org.walletstate.domain.attest.template.ComplianceTemplates;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.eas.EasDeployments;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.Fields;

/**
 * Reads an {@code eas_attestation} condition from a request: the template form ({@code template},
 * optionally with its own {@code chainId}) or the raw form ({@code chainId, schemaId, indexer,
 * attester?}) on a chain where EAS is deployed; anything else is a precise 400.
 */
final class EasAttestationParser {

  private EasAttestationParser() {}

  static EasAttestation parse(Fields fields, KeyVersion key) {
    Optional<String> templateName = fields.optionalText("template");
    if (templateName.isPresent()) {
      return parseTemplate(fields, templateName.get());
    }
    Chain chain = ConditionMembers.evmChain(fields, EasAttestation.TYPE);
    if (EasDeployments.find(chain.id()).isEmpty()) {
      throw new ValidationException(
          fields.path("chainId")
              + " "
              + chain.id()
              + ": EAS is not deployed on this chain; eas_attestation is read where it is: chains "
              + EasDeployments.chainList()
              + " (docs/chains.md lists each deployment)");
    }
    Bytes32 schema = Bytes32.parse(fields.requiredText("schemaId"), fields.path("schemaId"));
    if (!fields.has("indexer")) {
      throw new ValidationException(
          fields.path("indexer") + " is required for an eas_attestation without template");
    }
    EvmAddress indexer = EvmAddress.parse(fields.requiredText("indexer"), fields.path("indexer"));
    Optional<EvmAddress> attester =
        fields.optionalText("attester").map(a -> EvmAddress.parse(a, fields.path("attester")));
    return EasAttestation.raw(chain, schema, indexer, attester);
  }

  private static EasAttestation parseTemplate(Fields fields, String name) {
    for (String fixed : List.of("schemaId", "attester", "indexer")) {
      if (fields.has(fixed)) {
        throw new ValidationException(
            fields.path(fixed)
                + " cannot be combined with template (the template fixes schema, attester and"
                + " indexer)");
      }
    }
    ComplianceTemplate template =
        ComplianceTemplates.find(name)
            .orElseThrow(
                () ->
                    new ValidationException(
                        fields.path("template")
                            + " \""
                            + name
                            + "\" is not a compliance template; use one of "
                            + ComplianceTemplates.all().stream()
                                .map(ComplianceTemplate::name)
                                .collect(Collectors.joining(", "))));
    if (fields.has("chainId")) {
      Chain chain = ConditionMembers.evmChain(fields, EasAttestation.TYPE);
      if (!chain.equals(template.chain())) {
        throw new ValidationException(
            fields.path("chainId")
                + " "
                + chain.id()
                + " does not match template "
                + name
                + ", which is read on chain "
                + template.chain().id());
      }
    }
    return EasAttestation.of(template);
  }
}
