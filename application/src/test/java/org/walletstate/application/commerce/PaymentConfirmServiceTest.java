package org.walletstate.application.commerce;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.walletstate.application.commerce.port.in.ConfigureMerchantCommands;
import org.walletstate.application.commerce.port.in.ConfirmCodePaymentUseCase.Confirmation;
import org.walletstate.application.commerce.port.in.CreateMerchantCommands;
import org.walletstate.application.commerce.port.out.DiscountCodes.NewCode;
import org.walletstate.application.payment.port.in.VerifyPaymentUseCase.Verification;
import org.walletstate.application.testing.MemoryDiscountCodes;
import org.walletstate.application.testing.MemoryMerchantStore;
import org.walletstate.application.testing.MovableClock;
import org.walletstate.application.testing.ScriptedPaymentVerification;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.discount.CodePayment;
import org.walletstate.domain.commerce.discount.DiscountCode;
import org.walletstate.domain.commerce.discount.IssuedCode;
import org.walletstate.domain.commerce.discount.PayerProof;
import org.walletstate.domain.fixtures.Json;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payment.Payment;
import org.walletstate.domain.payment.PaymentClaim;
import org.walletstate.domain.payment.TxHash;

/**
 * Confirming a code's payment on the shared fakes: who may confirm, the store's address the
 * transfer must reach, the bound total, the window, who paid (a proven wallet, or the signer of the
 * payer proof), and the single use of a code and of a transaction. Every refusal leaves the code
 * unused. The payer proofs are signed by ethers 6 ({@code devnet/tools/payer-sign.mjs}) with keys
 * 0xabab…ab (the customer) and 0xcdcd…cd (another wallet).
 */
class PaymentConfirmServiceTest {

  static final CompanyId STORE = CompanyId.parse("acme");
  static final KeyAccount OWNER = key(7);
  static final KeyAccount ISSUER = key(8);
  static final KeyAccount STRANGER = key(9);
  static final String STORE_EVM = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  static final String STORE_SOL = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
  static final EvmAddress CUSTOMER = EvmAddress.of("0xe239cdc5fbe977a8a141B72194D3CF8c41bC5BC6");
  static final EvmAddress OTHER = EvmAddress.of("0x89AEF553A06ab0C3173e79DE1Ce241A9ed3b992C");

  static final Instant CREATED = Instant.parse("2026-11-28T10:00:00.400Z");
  static final Instant EXPIRES = CREATED.plus(DiscountCode.VALIDITY);
  static final Instant MINED = Instant.parse("2026-11-28T10:03:00Z");

  /** Issued without a proven wallet, for an 18.00 USDC order. */
  static final DiscountCode CODE = new DiscountCode("SVC-7K2QM");

  /** Issued to the customer's proven wallet, for 18.00 USDC. */
  static final DiscountCode PROVEN = new DiscountCode("SVC-8K2QM");

  /** Issued without an order total. */
  static final DiscountCode NO_TOTAL = new DiscountCode("SVC-9K2QM");

  static final TxHash TX_A = new TxHash("0x" + "ab".repeat(32));
  static final TxHash TX_B = new TxHash("0x" + "cd".repeat(32));

  /** The customer's proof for CODE paid by TX_A on 8453, issued 10:04:00. */
  static final PayerProof CUSTOMER_PROOF =
      proof(
          CODE,
          TX_A,
          "0x2ff6702a1b607a94d2f2d135a375ec90bf9823e2956affe8a66bc472e74f4fa7"
              + "2096242d7009932cc04e592e9a8881155b19b3047b47f6828a19e03492b27c9a1b");

  /** The same text signed by the other wallet. */
  static final PayerProof OTHER_PROOF_OF_A =
      proof(
          CODE,
          TX_A,
          "0xfabce9bcfc868756bf3ebe0319153ec7b40641497c78a16a300223eebf55b217"
              + "1a758cc6b88b48b934b5575b0bfdc69a4fe8880ffdf30f3c74c1d90ddbf1026f1c");

  /** The other wallet's proof of its own transfer TX_B for PROVEN. */
  static final PayerProof OTHER_PROOF_OF_B =
      proof(
          PROVEN,
          TX_B,
          "0xcde89bdc0ee980125f94db7acd571fef3de1735cff571e5020814eb2b4d91ba3"
              + "21d4638055c6a3a8edf3e1429c7fa07f093a4c366b8bad07336b0ce3691dadca1c");

  final MovableClock clock = new MovableClock("2026-11-28T10:05:00Z");
  final MemoryMerchantStore merchants = new MemoryMerchantStore();
  final MemoryDiscountCodes codes = new MemoryDiscountCodes();
  final ScriptedPaymentVerification payments = ScriptedPaymentVerification.paid(transfer());
  final PaymentConfirmService service =
      new PaymentConfirmService(
          codes, merchants, payments, clock, URI.create("https://api.example.com"));

  PaymentConfirmServiceTest() {
    store("{'usdcPayment':{'evmAddress':'" + STORE_EVM + "','solanaAddress':'" + STORE_SOL + "'}}");
    issue(CODE, false, OptionalLong.of(1800));
    issue(PROVEN, true, OptionalLong.of(1800));
    issue(NO_TOTAL, false, OptionalLong.empty());
  }

  static KeyAccount key(long id) {
    return new KeyAccount(id, Plan.PRO, KeyVersion.V2, 1000);
  }

  static PayerProof proof(DiscountCode code, TxHash tx, String signature) {
    Payment paid = transfer(tx, CUSTOMER, MINED);
    return new PayerProof(
        PayerProof.text("api.example.com", code, paid, Instant.parse("2026-11-28T10:04:00Z")),
        signature);
  }

  /** The customer's 18 USDC transfer TX_A on Base, mined 10:03:00. */
  static Payment transfer() {
    return transfer(TX_A, CUSTOMER, MINED);
  }

  static Payment transfer(TxHash tx, EvmAddress from, Instant minedAt) {
    return new Payment(
        ChainId.evm(8453),
        tx,
        from,
        "USDC",
        BigInteger.valueOf(18_000_000),
        new BigDecimal("18"),
        Optional.ofNullable(minedAt));
  }

  void store(String settings) {
    Merchant m =
        Merchant.create(
            CreateMerchantCommands.newMerchant(
                Json.object("{\"companyName\":\"Acme\",\"companyId\":\"acme\"}")),
            OWNER.id(),
            false,
            CREATED.minus(Duration.ofDays(1)));
    merchants.put(
        m.withSettings(
            m.settings()
                .apply(
                    ConfigureMerchantCommands.settings(Json.object(settings.replace('\'', '"'))),
                    CREATED)));
  }

  void issue(DiscountCode code, boolean proven, OptionalLong total) {
    IssuedCode issued =
        new IssuedCode(code, STORE, 10, CREATED, EXPIRES, proven, total, Optional.empty());
    codes
        .issue(
            new NewCode(
                issued,
                OWNER.id(),
                ISSUER.id(),
                List.of("evm:" + CUSTOMER.lowercase()),
                Optional.empty(),
                "{}",
                1,
                "fingerprint-" + code.text(),
                CREATED,
                Optional.empty(),
                CREATED,
                Optional.empty(),
                total.isPresent() ? Optional.of(2000L) : Optional.empty()))
        .await()
        .indefinitely();
  }

  Confirmation confirm(KeyAccount caller, DiscountCode code, Optional<PayerProof> proof) {
    return confirm(caller, code, "18", 8453, proof);
  }

  Confirmation confirm(
      KeyAccount caller, DiscountCode code, String amount, long chain, Optional<PayerProof> proof) {
    return confirm(caller, code, amount, ChainId.evm(chain), TX_A, proof);
  }

  Confirmation confirm(
      KeyAccount caller,
      DiscountCode code,
      String amount,
      ChainId chain,
      TxHash tx,
      Optional<PayerProof> proof) {
    PaymentClaim claim =
        new PaymentClaim(ChainCatalogue.require(chain), tx, Optional.of(new BigDecimal(amount)));
    return service.confirm(caller, new CodePayment(code, claim, proof)).await().indefinitely();
  }

  boolean used(DiscountCode code) {
    return codes.find(code).await().indefinitely().orElseThrow().usedAt().isPresent();
  }

  @Test
  void theCustomersTransfer_withTheirProof_confirmsOnce_andReplaysWithoutAnyChange() {
    Confirmation first = confirm(OWNER, CODE, Optional.of(CUSTOMER_PROOF));
    clock.advance(Duration.ofHours(3)); // a replay is answered at any time, proof stale or not
    Confirmation replay = confirm(OWNER, CODE, Optional.of(CUSTOMER_PROOF));

    assertThat(first).isInstanceOf(Confirmation.Confirmed.class);
    assertThat(((Confirmation.Confirmed) first).replayed()).isFalse();
    assertThat(((Confirmation.Confirmed) first).payment()).isEqualTo(transfer());
    assertThat(((Confirmation.Confirmed) first).code().usedAt())
        .contains(Instant.parse("2026-11-28T10:05:00Z"));
    assertThat(replay).isInstanceOf(Confirmation.Confirmed.class);
    assertThat(((Confirmation.Confirmed) replay).replayed()).isTrue();
    assertThat(((Confirmation.Confirmed) replay).code().usedAt())
        .contains(Instant.parse("2026-11-28T10:05:00Z"));
    assertThat(payments.receivers())
        .as("the transfer is checked against the store's EVM address")
        .containsExactly(EvmAddress.of(STORE_EVM), EvmAddress.of(STORE_EVM));
  }

  @Test
  void theIssuingKey_mayConfirm_aStrangersKeyMayNot_andNothingIsReadForIt() {
    Confirmation stranger = confirm(STRANGER, CODE, Optional.of(CUSTOMER_PROOF));
    assertThat(stranger).isEqualTo(new Confirmation.NotYourCode());
    assertThat(payments.asked()).as("no chain read for a stranger").isEmpty();
    assertThat(used(CODE)).isFalse();

    assertThat(confirm(ISSUER, CODE, Optional.of(CUSTOMER_PROOF)))
        .isInstanceOf(Confirmation.Confirmed.class);
    assertThat(used(CODE)).isTrue();
  }

  @Test
  void someoneElsesTransfer_withoutAProof_orWithTheAttackersProof_isNotThePayer() {
    Confirmation noProof = confirm(ISSUER, CODE, Optional.empty());
    Confirmation attackersProof = confirm(ISSUER, CODE, Optional.of(OTHER_PROOF_OF_A));
    PayerProof forAnotherCode =
        new PayerProof(
            CUSTOMER_PROOF.message().replace(CODE.text(), PROVEN.text()),
            CUSTOMER_PROOF.signature());
    Confirmation otherCodesProof = confirm(ISSUER, CODE, Optional.of(forAnotherCode));

    assertThat(((Confirmation.NotThePayer) noProof).reason())
        .contains("send payerProof, signed by the payment's sender " + CUSTOMER.text());
    assertThat(((Confirmation.NotThePayer) attackersProof).reason())
        .contains("not signed by the payment's sender");
    assertThat(((Confirmation.NotThePayer) otherCodesProof).reason()).contains("another code");
    assertThat(used(CODE)).isFalse();

    assertThat(confirm(ISSUER, CODE, Optional.of(CUSTOMER_PROOF)))
        .as("the real payer still confirms afterwards")
        .isInstanceOf(Confirmation.Confirmed.class);
  }

  @Test
  void aProvenWalletsCode_isConfirmedOnlyByThatWallet_proofOrNot() {
    payments.answering(new Verification.Verified(transfer(TX_B, OTHER, MINED)));
    Confirmation withoutProof =
        confirm(OWNER, PROVEN, "18", ChainId.evm(8453), TX_B, Optional.empty());
    Confirmation withOwnProof =
        confirm(OWNER, PROVEN, "18", ChainId.evm(8453), TX_B, Optional.of(OTHER_PROOF_OF_B));

    assertThat(((Confirmation.NotThePayer) withoutProof).reason())
        .contains("issued to the proven wallet " + CUSTOMER.lowercase());
    assertThat(withOwnProof).isInstanceOf(Confirmation.NotThePayer.class);
    assertThat(used(PROVEN)).isFalse();

    payments.answering(new Verification.Verified(transfer()));
    assertThat(confirm(OWNER, PROVEN, Optional.empty()))
        .as("the proven wallet's own transfer needs no proof")
        .isInstanceOf(Confirmation.Confirmed.class);
  }

  @Test
  void oneTransfer_confirmsOneCode_andAUsedCodeTakesNoOtherTransfer() {
    assertThat(confirm(OWNER, CODE, Optional.of(CUSTOMER_PROOF)))
        .isInstanceOf(Confirmation.Confirmed.class);

    Confirmation sameTransferOtherCode = confirm(OWNER, PROVEN, Optional.empty());
    payments.answering(new Verification.Verified(transfer(TX_B, CUSTOMER, MINED)));
    Confirmation otherTransferSameCode =
        confirm(OWNER, CODE, "18", ChainId.evm(8453), TX_B, Optional.empty());

    assertThat(sameTransferOtherCode).isEqualTo(new Confirmation.PaymentTaken());
    assertThat(used(PROVEN)).isFalse();
    assertThat(otherTransferSameCode).isInstanceOf(Confirmation.AlreadyUsed.class);
    assertThat(codes.find(CODE).await().indefinitely().orElseThrow().usedAt())
        .contains(Instant.parse("2026-11-28T10:05:00Z"));
  }

  @Test
  void aWrongAmount_declaredOrPaid_andAnUnreadableChain_confirmNothing() {
    Confirmation declared = confirm(OWNER, CODE, "17.99", 8453, Optional.of(CUSTOMER_PROOF));
    assertThat(((Confirmation.NotAPayment) declared).reason())
        .isEqualTo("amount 17.99 is not the code's discounted total 18.00 USDC");
    assertThat(payments.asked()).as("refused before the chain is read").isEmpty();

    payments.answering(new Verification.NotAPayment("the transfer paid 1 USDC, not 18"));
    Confirmation paid = confirm(OWNER, CODE, Optional.of(CUSTOMER_PROOF));
    assertThat(paid).isEqualTo(new Confirmation.NotAPayment("the transfer paid 1 USDC, not 18"));

    var down =
        new Verification.Unavailable(
            ChainId.evm(8453), Verification.Unavailable.TRANSACTION, "timeout");
    payments.answering(down);
    assertThat(confirm(OWNER, CODE, Optional.of(CUSTOMER_PROOF)))
        .isEqualTo(new Confirmation.Unavailable(down));
    assertThat(used(CODE)).isFalse();
  }

  @Test
  void theTransferMustReachTheStoresAddressForItsFamily() {
    confirm(OWNER, CODE, "18", ChainId.named("solana"), TX_A, Optional.empty());
    assertThat(payments.receivers()).containsExactly(SolanaAddress.of(STORE_SOL));

    Confirmation tron = confirm(OWNER, CODE, "18", ChainId.named("tron"), TX_A, Optional.empty());
    assertThat(((Confirmation.NoUsdcPayment) tron).reason())
        .contains("payments on tron cannot confirm a code");

    store("{'usdcPayment':{'solanaAddress':'" + STORE_SOL + "'}}");
    Confirmation noEvm = confirm(OWNER, CODE, Optional.of(CUSTOMER_PROOF));
    assertThat(((Confirmation.NoUsdcPayment) noEvm).reason())
        .isEqualTo("merchant acme has no EVM address for USDC payments");

    store("{'usdcPayment':null}");
    Confirmation off = confirm(OWNER, CODE, Optional.of(CUSTOMER_PROOF));
    assertThat(((Confirmation.NoUsdcPayment) off).reason())
        .isEqualTo("merchant acme does not take USDC payments");
    assertThat(payments.receivers()).hasSize(1);
    assertThat(used(CODE)).isFalse();
  }

  @Test
  void aCodeWithoutATotal_cannotBeConfirmed_andAnUnknownCodeIsNotFound() {
    assertThat(confirm(OWNER, NO_TOTAL, Optional.empty())).isEqualTo(new Confirmation.NoTotal());
    assertThat(confirm(OWNER, new DiscountCode("SVC-22222"), Optional.empty()))
        .isEqualTo(new Confirmation.UnknownCode());
    assertThat(payments.asked()).isEmpty();
    assertThat(used(NO_TOTAL)).isFalse();
  }

  @Test
  void theWindow_aTransferBeforeTheCode_afterItsExpiry_orPastTheGrace_confirmsNothing() {
    payments.answering(
        new Verification.Verified(transfer(TX_A, CUSTOMER, Instant.parse("2026-11-28T10:00:00Z"))));
    Confirmation sameSecond = confirm(OWNER, PROVEN, Optional.empty());
    assertThat(((Confirmation.NotAPayment) sameSecond).reason())
        .contains("not after the second the code was created in");

    payments.answering(new Verification.Verified(transfer(TX_A, CUSTOMER, null)));
    assertThat(((Confirmation.NotAPayment) confirm(OWNER, PROVEN, Optional.empty())).reason())
        .isEqualTo("the chain gave no time for the transaction's block");

    clock.set(EXPIRES.plus(Duration.ofMinutes(10)));
    payments.answering(new Verification.Verified(transfer(TX_A, CUSTOMER, EXPIRES.plusSeconds(1))));
    Confirmation paidLate = confirm(OWNER, PROVEN, Optional.empty());
    assertThat(((Confirmation.Expired) paidLate).reason()).contains("was mined after it expired");

    payments.answering(new Verification.Verified(transfer()));
    assertThat(confirm(OWNER, PROVEN, Optional.empty()))
        .as("within the grace, a transfer mined before the expiry confirms")
        .isInstanceOf(Confirmation.Confirmed.class);

    clock.set(EXPIRES.plus(Duration.ofHours(1)));
    int reads = payments.asked().size();
    Confirmation pastGrace = confirm(OWNER, CODE, Optional.of(CUSTOMER_PROOF));
    assertThat(((Confirmation.Expired) pastGrace).reason()).contains("confirm grace ended");
    assertThat(payments.asked()).as("past the grace nothing is read").hasSize(reads);
    assertThat(used(CODE)).isFalse();
  }
}
