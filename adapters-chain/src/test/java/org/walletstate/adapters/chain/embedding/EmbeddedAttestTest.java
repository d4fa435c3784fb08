package org.walletstate.adapters.chain.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.walletstate.application.account.port.in.Paid;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.application.attest.port.in.AttestOutcome;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.application.chains.ChainStateByFamily;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.application.testing.MemoryCreditLedger;
import org.walletstate.crypto.DualAttestationSigner;
import org.walletstate.crypto.EcSigningKey;
import org.walletstate.crypto.MlDsaSigningKey;
import org.walletstate.crypto.PublishedKeySet;
import org.walletstate.crypto.SigningKeys;
import org.walletstate.devnet.Devnet;
import org.walletstate.devnet.DevnetManifest;
import org.walletstate.domain.account.KeyAccount;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.account.Plan;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.request.RequestValue;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.VerifiedAttestation;
import org.walletstate.verifier.VerifiedResult;

/**
 * The library embedded in a plain Java program (no Quarkus, no CDI): the attest use case built with
 * {@code new} from the domain, application, EVM reader and crypto jars, reading the devnet's Base
 * (real contracts at their production addresses), charging an in-memory ledger, and its signed
 * answer checked by the verifier SDK against the key set the signer publishes.
 */
class EmbeddedAttestTest {

  private static final long BASE = 8453;
  private static final KeyAccount ACCOUNT = new KeyAccount(1, Plan.PRO, KeyVersion.V2, 1000);

  @Test
  void attest_embeddedInPlainJava_readsTheChain_signs_charges_andTheSdkVerifies() throws Exception {
    Devnet devnet = Devnet.shared();
    DevnetManifest m = devnet.manifest();
    Clock clock = Clock.systemUTC();
    SecureRandom random = new SecureRandom();
    SigningKeys keys =
        SigningKeys.of(
            Namespace.SERVICE, EcSigningKey.generate(random), MlDsaSigningKey.generate(random));
    MemoryCreditLedger ledger = new MemoryCreditLedger().withBalance(ACCOUNT.id(), 10);

    AttestOutcome outcome;
    try (ChainStateByFamily chains =
        EmbeddedAttest.evmReader(Map.of(BASE, devnet.rpcUrl(BASE)), clock)) {
      AttestUseCase attest =
          EmbeddedAttest.attest(
              chains,
              new DualAttestationSigner(
                  keys, URI.create("https://attest.example.test"), StatementLog.NONE),
              ledger,
              clock,
              ForkJoinPool.commonPool());
      // the holder has 1500.25 of token6 on Base
      AttestCommand command =
          AttestCommands.parse(
              request(
                  m.wallet("holder").address(),
                  tokenBalance(m.chain(BASE).address("token6"), "1500"),
                  tokenBalance(m.chain(BASE).address("token6"), "1500.250001")),
              KeyVersion.V2);
      // a key's credits pay (Payer.credits); with only those wired, the call is always answered
      Paid<AttestOutcome> paid =
          attest.attest(Payer.credits(ACCOUNT), command).await().atMost(Duration.ofSeconds(90));
      outcome = ((Paid.Answered<AttestOutcome>) paid).outcome();
    }

    assertThat(outcome).isInstanceOf(AttestOutcome.Signed.class);
    AttestOutcome.Signed signed = (AttestOutcome.Signed) outcome;
    AttestationVerifier verifier =
        AttestationVerifier.builder(KeySet.parse(new PublishedKeySet(keys).jwksJson()))
            .clock(clock)
            .build();
    VerifiedAttestation verified = verifier.verify(signed.dataJson());
    assertThat(verified.results()).extracting(VerifiedResult::met).containsExactly(true, false);
    assertThat(verified.pass()).isFalse();
    assertThat(verified.id()).isEqualTo(signed.attestation().id().value());
    assertThat(signed.creditsCharged()).isPositive();
    assertThat(ledger.charged()).isEqualTo(signed.creditsCharged());
    assertThat(ledger.balanceOf(ACCOUNT.id()))
        .isEqualTo(signed.creditsRemaining())
        .isEqualTo(10 - signed.creditsCharged());
  }

  /** {@code {"wallet": wallet, "conditions": [conditions...]}} as the domain's request tree. */
  static RequestValue.Obj request(String wallet, RequestValue.Obj... conditions) {
    Map<String, RequestValue> body = new LinkedHashMap<>();
    body.put("wallet", new RequestValue.Text(wallet));
    body.put("conditions", new RequestValue.Arr(new ArrayList<>(List.of(conditions))));
    return new RequestValue.Obj(body);
  }

  /** A {@code token_balance} condition on Base. */
  static RequestValue.Obj tokenBalance(String token, String threshold) {
    Map<String, RequestValue> condition = new LinkedHashMap<>();
    condition.put("type", new RequestValue.Text("token_balance"));
    condition.put("chainId", new RequestValue.Number(BigDecimal.valueOf(BASE), "8453"));
    condition.put("contractAddress", new RequestValue.Text(token));
    condition.put("threshold", new RequestValue.Text(threshold));
    return new RequestValue.Obj(condition);
  }
}
