package org.walletstate.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.crypto.DualAttestationSigner;
import org.walletstate.crypto.EcSigningKey;
import org.walletstate.crypto.MlDsaSigningKey;
import org.walletstate.crypto.SigningKeys;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.chain.ChainRead;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.read.Aggregate3;
import org.walletstate.domain.evm.read.EvmRead;
import org.walletstate.domain.observation.ChainObservation;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.domain.trust.TrustCheckList;
import org.walletstate.domain.trust.TrustEvaluation;
import org.walletstate.domain.trust.TrustObservations;
import org.walletstate.domain.trust.TrustProfile;
import org.walletstate.domain.trust.TrustReadPlan;
import org.walletstate.domain.trust.TrustWallets;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.Preimages;

/**
 * The CPU pieces of a trust profile beyond its reads, one wallet of the base profile (155 checks on
 * 23 EVM chains) against answers every chain could give (a third of the balances held): the read
 * plan and its {@code aggregate3} call data (one wallet and ten), the evaluation of the observed
 * answers, the whole signer ({@code conditionHash} per check, canonical preimage, ES256 and
 * ML-DSA-65, the {@code data} text), and its JSON parts alone. Average time per operation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class TrustBenchmarks {

  private TrustCheckList list;
  private TrustWallets wallet;
  private List<TrustWallets> tenWallets;
  private TrustReadPlan plan;
  private Map<ChainId, ChainObservation> observed;
  private TrustObservations decoded;
  private PayloadValue.Obj payload;
  private DualAttestationSigner signer;
  private JsonNode signedTrust;
  private JsonNode signedData;
  private Preimages preimages;
  private byte[] preimage;
  private byte[] companion;
  private EcSigningKey ec;
  private MlDsaSigningKey mlDsa;
  private List<JsonNode> conditions;
  private String batchAnswerHex;

  /** The check that {@code Web3jAnswers} made of hex data before it decoded it. */
  private static final Pattern HEX_DATA = Pattern.compile("0x(?:[0-9a-fA-F]{2})*");

  @Setup
  public void setUp() {
    list = TrustCheckList.current();
    wallet =
        TrustWallets.of(EvmAddress.parse("0x70997970c51812dc3a04c8d9cac2a3a7f6e08f8d", "wallet"));
    tenWallets = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      tenWallets.add(TrustWallets.of(EvmAddress.parse(String.format("0x%040x", 0x5000 + i), "w")));
    }
    plan = TrustReadPlan.of(list, List.of(wallet));
    observed = BaseProfileAnswers.answers(plan);
    decoded = TrustObservations.of(plan, observed);
    payload = profile().payload();
    SecureRandom random = new SecureRandom();
    ec = EcSigningKey.generate(random);
    mlDsa = MlDsaSigningKey.generate(random);
    signer =
        new DualAttestationSigner(
            SigningKeys.of(Namespace.SERVICE, ec, mlDsa),
            URI.create("https://api.example.test"),
            StatementLog.NONE);
    signedData = CanonicalJson.parse(signer.signTrustProfile(payload));
    signedTrust = signedData.get("trust");
    preimages = Preimages.of(Namespace.SERVICE);
    preimage = preimages.trustProfile(PreimageScheme.V2, signedTrust);
    companion = preimages.trustProfileCompanion(preimage);
    conditions = new ArrayList<>();
    signedTrust
        .get("dimensions")
        .forEach(d -> d.get("checks").forEach(c -> conditions.add(c.get("evaluatedCondition"))));
    // the largest chain's answer for a batch of ten: ten wallets' calls of chain 1
    int calls = 0;
    for (ChainRead<?> read : TrustReadPlan.of(list, tenWallets).query(new ChainId.Evm(1)).reads()) {
      if (read instanceof Aggregate3 aggregate) {
        calls = aggregate.calls().size();
      }
    }
    batchAnswerHex = BaseProfileAnswers.answer(calls).toHex();
    if (profile().totalChecks() != 155) {
      throw new IllegalStateException("the base profile has 155 checks");
    }
  }

  private TrustProfile profile() {
    TrustEvaluation evaluation = TrustEvaluation.of(plan, wallet, false, decoded);
    return new TrustProfile(
        "TRST-0011223344556677",
        wallet.evm().checksummed(),
        list.version(),
        ((TrustEvaluation.Evaluated) evaluation).dimensions(),
        Instant.parse("2026-11-25T00:00:00Z"),
        false);
  }

  /** The read plan of one wallet and every chain's request (the aggregate's call data). */
  @Benchmark
  public int planOneWallet() {
    return requests(TrustReadPlan.of(list, List.of(wallet)));
  }

  /** The same for a batch of ten wallets: one aggregate per chain holding every wallet's calls. */
  @Benchmark
  public int planTenWallets() {
    return requests(TrustReadPlan.of(list, tenWallets));
  }

  private static int requests(TrustReadPlan plan) {
    int bytes = 0;
    for (ChainId chain : plan.evmChains()) {
      for (ChainRead<?> read : plan.query(chain).reads()) {
        bytes += ((EvmRead<?>) read).request().hashCode();
      }
    }
    return bytes;
  }

  /** Every chain's aggregate decoded once, as a call does after its reads. */
  @Benchmark
  public TrustObservations decodeAnswers() {
    return TrustObservations.of(plan, observed);
  }

  /** One wallet's 155 checks evaluated and laid out as the payload to sign. */
  @Benchmark
  public PayloadValue.Obj evaluateOneWallet() {
    return profile().payload();
  }

  /**
   * The whole signer of one profile: condition hashes, canonical preimage, ES256, ML-DSA-65, the
   * {@code data} text.
   */
  @Benchmark
  public String signOneProfile() {
    return signer.signTrustProfile(payload);
  }

  /** The classical preimage alone: the tag line and the canonical JSON of the signed profile. */
  @Benchmark
  public byte[] canonicalPreimage() {
    return preimages.trustProfile(PreimageScheme.V2, signedTrust);
  }

  // One-line benchmarks, as SigningBenchmarks' are, by design: each measures one call on its own
  // state.
  /** ES256 over the profile's preimage: the JDK's SHA-256 of it, then the P-256 signature. */
  @Benchmark
  public byte[] es256Profile() {
    return ec.sign(preimage);
  }

  /** ML-DSA-65 (hedged) over the profile's companion preimage. */
  @Benchmark
  public byte[] mlDsa65Profile() {
    return mlDsa.sign(companion);
  }

  /** SHA-256 of the profile's preimage with BouncyCastle's digest (what ES256 used before). */
  @Benchmark
  public byte[] sha256PreimageBouncyCastle() {
    return SigningBenchmarks.sha256(preimage);
  }

  /** SHA-256 of the profile's preimage with the JDK's digest (what ES256 uses now). */
  @Benchmark
  public byte[] sha256PreimageJdk() throws Exception {
    return MessageDigest.getInstance("SHA-256").digest(preimage);
  }

  /** The 155 condition hashes of a profile, each taken afresh (the signer now keeps them). */
  @Benchmark
  public int conditionHashesTakenAfresh() {
    int h = 0;
    for (JsonNode condition : conditions) {
      h += Preimages.conditionHash(PreimageScheme.V2, condition).hashCode();
    }
    return h;
  }

  /** A batch's largest aggregate answer checked with the former regex, then decoded. */
  @Benchmark
  public Bytes batchAnswerRegexThenDecode() {
    if (!HEX_DATA.matcher(batchAnswerHex).matches()) {
      throw new IllegalStateException("not hex");
    }
    return Bytes.fromHex(batchAnswerHex);
  }

  // One method per benchmark by design: JMH finds each by its annotation.
  /** The same answer decoded in one pass (decoding refuses what is not hex). */
  @Benchmark
  public Bytes batchAnswerDecode() {
    return Bytes.fromHex(batchAnswerHex);
  }

  /** The {@code data} text alone, as the signer writes it from its tree. */
  @Benchmark
  public String dataText() {
    return CanonicalJson.stringify(signedData);
  }
}
