package org.walletstate.application.attest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.Charging;
import org.walletstate.application.account.Metering;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.application.attest.port.in.AttestOutcome;
import org.walletstate.application.attest.port.in.condition.ConditionReader;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.application.testing.RecordingSigner;
import org.walletstate.application.testing.TableChainState;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.attest.condition.ConditionType;
import org.walletstate.domain.attest.condition.ConditionVerdict;
import org.walletstate.domain.attest.condition.EvaluationContext;
import org.walletstate.domain.attest.condition.EvmCondition;
import org.walletstate.domain.attest.condition.RequestedCondition;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.FailureSource;
import org.walletstate.domain.chain.Reading;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.proof.ProofRequirement;
import org.walletstate.domain.request.Fields;
import org.walletstate.domain.request.RequestValue;

/**
 * The "adding a condition type" recipe of {@code docs/architecture.md}, followed once for a type
 * that exists only in this test ({@code test_native_held}: the wallet's native balance is not
 * zero): its condition record in the domain with {@code TYPE}, reads, evaluation, proof rule,
 * signed shape and the refusals of its constructor, and apart from it its reader in the attest
 * port; read from a condition object by that reader, evaluated and signed through the real {@link
 * AttestService} on the shared fakes. When the seam a type is written against changes (the {@code
 * Condition} methods, {@code ConditionType}, {@code ConditionReader}, {@code ConditionVerdict},
 * {@code EvaluationContext}), this stops compiling or failing, and the recipe must be rewritten
 * with it.
 *
 * <p>The steps of the recipe a test cannot take are the registration lines in {@code
 * ConditionTypes.EVALUATED} and {@code ConditionReaders.ALL} (main code); {@code
 * ConditionTypesTest} guards them for every registered type.
 */
class NewConditionTypeRecipeTest {

  /** The recipe's first file: the condition record and its {@code TYPE}. */
  record NativeHeld(Chain chain) implements EvmCondition {

    static final ConditionType TYPE = new ConditionType("test_native_held", NativeHeld.class);

    /** Values validate on construction: an embedder cannot build one off EVM. */
    NativeHeld {
      Objects.requireNonNull(chain, "chain");
      if (!chain.isEvm()) {
        throw new ValidationException("chainId " + chain.id() + " is not an EVM chain");
      }
    }

    @Override
    public ConditionType type() {
      return TYPE;
    }

    @Override
    public Set<EvmRead<?>> reads(EvmAddress wallet) {
      return Set.of(new EvmRead.NativeBalance(wallet));
    }

    @Override
    public ConditionVerdict evaluate(EvaluationContext<EvmAddress> context) {
      Reading<BigInteger> balance =
          context.readings().reading(new EvmRead.NativeBalance(context.wallet()));
      if (!(balance instanceof Reading.Value<BigInteger> value)) {
        return new ConditionVerdict.Unavailable(
            FailureSource.BALANCE_READ, "native balance could not be read");
      }
      return new ConditionVerdict.Decided(
          value.value().signum() > 0,
          PayloadValue.objectBuilder()
              .put("type", TYPE.wireName())
              .put("chainId", ((ChainId.Evm) chain.id()).value())
              .put("operator", "gt")
              .put("threshold", 0)
              .build(),
          PayloadValue.object());
    }

    @Override
    public ProofRequirement proof(EvmAddress wallet) {
      return new ProofRequirement.Declined("test_native_held carries no proof");
    }
  }

  /**
   * The recipe's second file: the type's reader in the attest port ({@code
   * port.in.condition.<Group>ConditionReaders}), every 400 of its members named by their path.
   */
  static final ConditionReader READER =
      (fields, key) ->
          new NativeHeld(ChainCatalogue.parse(fields.get("chainId"), fields.path("chainId")));

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-21T12:00:00Z"), ZoneOffset.UTC);
  private static final KeyAccount ACCOUNT = new KeyAccount(1, Plan.PRO, KeyVersion.V2, 1000);
  private static final EvmAddress WALLET =
      EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");

  private final RecordingSigner signer = new RecordingSigner();
  private final MemoryCreditLedger ledger = new MemoryCreditLedger().withBalance(ACCOUNT.id(), 5);

  private AttestService service(long wei) {
    TableChainState chain =
        new TableChainState(CLOCK)
            .otherwise((id, read) -> new Reading.Value<>(BigInteger.valueOf(wei)));
    return new AttestService(
        chain,
        signer,
        Charging.keyCreditsOnly(new Metering(ledger, CLOCK)),
        n -> new byte[n],
        CLOCK,
        Runnable::run);
  }

  /** The condition object, read by the type's own reader at its place in a request. */
  private static RequestedCondition condition(RequestValue chainId) {
    Map<String, RequestValue> members = new LinkedHashMap<>();
    members.put("type", new RequestValue.Text("test_native_held"));
    members.put("chainId", chainId);
    Fields fields = Fields.of(new RequestValue.Obj(members), "conditions[0]");
    return new RequestedCondition(0, "", READER.read(fields, KeyVersion.V2));
  }

  /** A request of the wallet, carrying the new type's condition. */
  private static AttestCommand command(RequestedCondition condition) {
    Map<String, RequestValue> any = new LinkedHashMap<>();
    any.put("type", new RequestValue.Text("farcaster_id"));
    Map<String, RequestValue> body = new LinkedHashMap<>();
    body.put("wallet", new RequestValue.Text(WALLET.checksummed()));
    body.put("conditions", new RequestValue.Arr(List.of(new RequestValue.Obj(any))));
    AttestCommand parsed = AttestCommands.parse(new RequestValue.Obj(body), KeyVersion.V2);
    AttestRequest base = parsed.request();
    return new AttestCommand(
        new AttestRequest(
            base.keyVersion(),
            base.wallets(),
            List.of(condition),
            base.proof(),
            base.declaredLimits(),
            base.anchor(),
            base.assurance()),
        parsed.format());
  }

  private AttestOutcome attest(long wei, RequestedCondition condition) {
    return service(wei)
        .attest(Payer.credits(ACCOUNT), command(condition))
        .map(paid -> ((Paid.Answered<AttestOutcome>) paid).outcome())
        .await()
        .indefinitely();
  }

  @Test
  void theNewTypeIsParsedEvaluatedSignedAndCharged() {
    RequestedCondition condition = condition(new RequestValue.Number(new BigDecimal(8453), "8453"));

    AttestOutcome outcome = attest(1, condition);

    AttestOutcome.Signed signed = (AttestOutcome.Signed) outcome;
    assertThat(signed.creditsCharged()).isEqualTo(1);
    ConditionResult result = signed.attestation().results().get(0);
    assertThat(result.type()).isEqualTo("test_native_held");
    assertThat(result.met()).isTrue();
    assertThat(result.evaluatedCondition().get("operator")).isEqualTo(PayloadValue.text("gt"));
    assertThat(signer.attestations()).hasSize(1);
  }

  @Test
  void itsVerdictFollowsTheReadings() {
    RequestedCondition condition = condition(new RequestValue.Number(new BigDecimal(8453), "8453"));

    AttestOutcome outcome = attest(0, condition);

    assertThat(((AttestOutcome.Signed) outcome).attestation().results().get(0).met()).isFalse();
  }

  @Test
  void itsParserAndConstructorRefuseWhatTheTypeCannotRead() {
    assertThatThrownBy(() -> condition(new RequestValue.Text("solana")))
        .isInstanceOf(ValidationException.class)
        .hasMessage("chainId solana is not an EVM chain");
    assertThatThrownBy(() -> new NativeHeld(ChainCatalogue.require(ChainId.named("bitcoin"))))
        .isInstanceOf(ValidationException.class);
  }
}
