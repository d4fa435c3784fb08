package org.walletstate.domain.attest.condition;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.template.ComplianceTemplate;
import org.walletstate.domain.attest.template.TemplateRule;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.chain.Readings;
import org.walletstate.domain.evm.AbiDecodingException;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.evm.eas.AttestationLookup;
import org.walletstate.domain.evm.eas.EasDeployments;
import org.walletstate.domain.evm.eas.EasRecord;
import org.walletstate.domain.evm.eas.PassportScore;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;

/**
 * {@code eas_attestation}: the wallet holds a valid EAS attestation of a schema. The lookup names
 * the wallet's attestation ({@code function(wallet, schema)} on the lookup contract: an indexer's
 * {@code getAttestationUid}, or the Human Passport resolver's {@code getUserAttestation}); EAS then
 * gives the attestation itself ({@code getAttestation(uid)}), read at the same block. Met iff the
 * UID is not zero and every {@linkplain #CHECKS check} holds of the attestation, so nothing the
 * lookup answers is trusted beyond being a UID.
 *
 * @param chain the chain EAS is read on
 * @param eas the EAS contract there
 * @param template the compliance template's name, when the caller used one
 * @param schema the schema UID the attestation must have
 * @param lookup the contract and function that name an attestation by recipient and schema
 * @param attester the attester the attestation must come from, when required
 * @param rule what the attestation's data must also satisfy (templates only)
 */
public record EasAttestation(
    Chain chain,
    EvmAddress eas,
    Optional<String> template,
    Bytes32 schema,
    AttestationLookup lookup,
    Optional<EvmAddress> attester,
    TemplateRule rule)
    implements EvmCondition {

  /** One requirement on the attestation EAS returned. */
  @FunctionalInterface
  private interface Check {
    boolean holds(EasAttestation condition, Found found, EvaluationContext<EvmAddress> context);
  }

  /** The attestation found, and the UID the lookup gave for it. */
  private record Found(Bytes32 uid, EasRecord record) {}

  /** Every check an attestation must pass, in order. */
  private static final List<Check> CHECKS =
      List.of(
          EasAttestation::isTheIndexedAttestation,
          EasAttestation::isAboutTheWallet,
          EasAttestation::isUnrevoked,
          EasAttestation::isUnexpiredAtTheAnchor,
          EasAttestation::hasTheSchema,
          EasAttestation::isFromTheAttester,
          EasAttestation::satisfiesTheTemplateRule);

  public static final ConditionType TYPE =
      new ConditionType("eas_attestation", EasAttestation.class);

  /** Why an {@code eas_attestation} result carries no proof. */
  public static final String NOT_PROVEN =
      "eas_attestation is not proven: the attestation is a multi-slot record found through a"
          + " lookup contract";

  // Null checks written out by design: a record validates its own components on construction.
  public EasAttestation {
    Objects.requireNonNull(chain, "chain");
    Objects.requireNonNull(eas, "eas");
    Objects.requireNonNull(template, "template");
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(lookup, "lookup");
    Objects.requireNonNull(attester, "attester");
    Objects.requireNonNull(rule, "rule");
  }

  /** The template form: schema, attester, lookup, chain and rule all come from the template. */
  public static EasAttestation of(ComplianceTemplate template) {
    return new EasAttestation(
        template.chain(),
        easOn(template.chain()),
        Optional.of(template.name()),
        template.schemaUid(),
        template.lookup(),
        Optional.of(template.attester()),
        template.rule());
  }

  /**
   * The raw form, on a chain where the service reads EAS: the caller's indexer, asked with the
   * interface's {@code getAttestationUid(address,bytes32)}.
   */
  public static EasAttestation raw(
      Chain chain, Bytes32 schema, EvmAddress indexer, Optional<EvmAddress> attester) {
    return new EasAttestation(
        chain,
        easOn(chain),
        Optional.empty(),
        schema,
        AttestationLookup.indexer(indexer),
        attester,
        new TemplateRule.Valid());
  }

  private static EvmAddress easOn(Chain chain) {
    return EasDeployments.find(chain.id())
        .orElseThrow(() -> new IllegalArgumentException("EAS is not read on chain " + chain.id()));
  }

  @Override
  public ConditionType type() {
    return TYPE;
  }

  @Override
  public Set<EvmRead<?>> reads(EvmAddress wallet) {
    return Set.of(uidRead(wallet));
  }

  @Override
  public Set<EvmRead<?>> followUpReads(EvmAddress wallet, Readings firstRound) {
    if (firstRound.reading(uidRead(wallet)) instanceof Reading.Value<Bytes32> uid
        && !uid.value().isZero()) {
      return Set.of(new EvmRead.EasAttestation(eas, uid.value()));
    }
    return Set.of();
  }

  @Override
  public ProofRequirement proof(EvmAddress wallet) {
    return new ProofRequirement.Declined(NOT_PROVEN);
  }

  @Override
  public ConditionVerdict evaluate(EvaluationContext<EvmAddress> context) {
    Reading<Bytes32> uid = context.readings().reading(uidRead(context.wallet()));
    if (!(uid instanceof Reading.Value<Bytes32> indexed)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.ATTESTATION_READ, "attestation index could not be read");
    }
    if (indexed.value().isZero()) {
      return decided(false);
    }
    Reading<EasRecord> record =
        context.readings().reading(new EvmRead.EasAttestation(eas, indexed.value()));
    if (!(record instanceof Reading.Value<EasRecord> attestation)) {
      return new ConditionVerdict.Unavailable(
          FailureSource.ATTESTATION_READ, "attestation could not be read");
    }
    Found found = new Found(indexed.value(), attestation.value());
    return decided(CHECKS.stream().allMatch(check -> check.holds(this, found, context)));
  }

  private EvmRead.AttestationUid uidRead(EvmAddress wallet) {
    return new EvmRead.AttestationUid(lookup, wallet, schema);
  }

  private ConditionVerdict decided(boolean met) {
    return new ConditionVerdict.Decided(met, evaluatedCondition(), PayloadValue.object());
  }

  /**
   * EAS answers a UID it does not hold with an all-zero record. A lookup that names an attestation
   * EAS has is not trusted further: every check below reads the record itself.
   */
  private boolean isTheIndexedAttestation(Found found, EvaluationContext<EvmAddress> context) {
    return found.record().uid().equals(found.uid());
  }

  private boolean isAboutTheWallet(Found found, EvaluationContext<EvmAddress> context) {
    return found.record().recipient().equals(context.wallet());
  }

  private boolean isUnrevoked(Found found, EvaluationContext<EvmAddress> context) {
    return found.record().revocationTime() == 0;
  }

  /** Expiring exactly at the anchored block's timestamp is expired. */
  private boolean isUnexpiredAtTheAnchor(Found found, EvaluationContext<EvmAddress> context) {
    long expiration = found.record().expirationTime();
    return expiration == 0 || expiration > context.evmBlock().timestamp().getEpochSecond();
  }

  /** Checked on the attestation itself, not trusted from the lookup. */
  private boolean hasTheSchema(Found found, EvaluationContext<EvmAddress> context) {
    return found.record().schema().equals(schema);
  }

  private boolean isFromTheAttester(Found found, EvaluationContext<EvmAddress> context) {
    return attester.map(a -> a.equals(found.record().attester())).orElse(true);
  }

  /**
   * A score template's minimum, read from the score attestation's data with its own decimals; a
   * minimum of zero asks for any positive score. Data that is not a score attestation shows no
   * score, so the rule does not hold.
   */
  private boolean satisfiesTheTemplateRule(Found found, EvaluationContext<EvmAddress> context) {
    if (!(rule instanceof TemplateRule.MinimumScore minimum)) {
      return true;
    }
    PassportScore score;
    try {
      score = PassportScore.decode(found.record().data());
    } catch (AbiDecodingException e) {
      return false;
    }
    return minimum.minimum() == 0
        ? score.score() > 0
        : score.value().compareTo(BigDecimal.valueOf(minimum.minimum())) >= 0;
  }

  /**
   * Template form: {@code {type, chainId, template, schemaId, attester, operator:
   * "valid_attestation"}}. Raw form: {@code {type, chainId, schemaId, attester?, indexer, operator:
   * "valid_attestation"}}, attester only when given. Addresses checksummed, UIDs lower-case hex.
   * The template form names no lookup: the template pins it, and what the result attests (an
   * attestation of this schema from this attester about the wallet, valid at the anchor) does not
   * depend on where its UID was found.
   */
  PayloadValue.Obj evaluatedCondition() {
    PayloadValue.ObjBuilder shape = EvaluatedConditions.begin(type(), chain);
    template.ifPresent(name -> shape.put("template", name));
    shape.put("schemaId", schema.hex());
    attester.ifPresent(a -> shape.put("attester", a.checksummed()));
    if (template.isEmpty()) {
      shape.put("indexer", lookup.contract().checksummed());
    }
    return shape.put("operator", "valid_attestation").build();
  }
}
