package org.walletstate.bench;

import java.math.BigInteger;
import java.net.URI;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.math.ec.ECMultiplier;
import org.bouncycastle.math.ec.WNafL2RMultiplier;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAKeyGenerationParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAKeyPairGenerator;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAPublicKeyParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSASigner;
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
import org.walletstate.application.port.out.AttestationSigner.SigningRequest;
import org.walletstate.application.port.out.StatementLog;
import org.walletstate.crypto.DualAttestationSigner;
import org.walletstate.crypto.EcSigningKey;
import org.walletstate.crypto.MlDsaSigningKey;
import org.walletstate.crypto.PublishedKeySet;
import org.walletstate.crypto.SigningKeys;
import org.walletstate.domain.attest.attestation.Attestation;
import org.walletstate.domain.attest.attestation.AttestationId;
import org.walletstate.domain.attest.attestation.ConditionResult;
import org.walletstate.domain.chain.Anchor;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.payload.KeyVersion;
import org.walletstate.domain.payload.PayloadValue;
import org.walletstate.verifier.AttestationVerifier;
import org.walletstate.verifier.CanonicalJson;
import org.walletstate.verifier.KeySet;
import org.walletstate.verifier.Namespace;
import org.walletstate.verifier.PreimageScheme;
import org.walletstate.verifier.Preimages;
import org.walletstate.verifier.VerificationReport;

/**
 * Signing and verification cost: the raw primitives (JCA P-256, BouncyCastle ML-DSA-65) against
 * this project's wrappers and its whole attestation sign / SDK verify. Average time per operation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class SigningBenchmarks {

  private byte[] preimage;
  private byte[] companionPreimage;

  private KeyPair jcaEc;
  private byte[] jcaEcSignature;
  private ECPrivateKeyParameters bcEc;
  private AsymmetricCipherKeyPair bcMlDsa;
  private byte[] bcMlDsaSignature;
  private SecureRandom random;

  private EcSigningKey ec;
  private MlDsaSigningKey mlDsa;
  private DualAttestationSigner signer;
  private SigningRequest request;
  private SigningRequest jwtRequest;
  private AttestationVerifier verifier;
  private String signedData;
  private String signedJwtData;

  @Setup
  public void setUp() throws Exception {
    random = new SecureRandom();
    ec = EcSigningKey.generate(random);
    mlDsa = MlDsaSigningKey.generate(random);
    SigningKeys keys = SigningKeys.of(Namespace.SERVICE, ec, mlDsa);
    signer =
        new DualAttestationSigner(keys, URI.create("https://api.example.test"), StatementLog.NONE);
    Attestation attestation = attestation();
    request = new SigningRequest(attestation, KeyVersion.V2, false, null);
    jwtRequest =
        new SigningRequest(
            attestation, KeyVersion.V2, true, "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045");
    signedData = signer.sign(request).dataJson();
    signedJwtData = signer.sign(jwtRequest).dataJson();
    verifier =
        AttestationVerifier.builder(KeySet.parse(new PublishedKeySet(keys).jwksJson()))
            .clock(Clock.fixed(attestation.attestedAt().plusSeconds(60), ZoneOffset.UTC))
            .build();
    if (!verifier.report(signedData).valid() || !verifier.report(signedJwtData).valid()) {
      throw new IllegalStateException("benchmark fixture does not verify");
    }
    Preimages preimages = Preimages.of(Namespace.SERVICE);
    preimage =
        preimages.attestation(
            PreimageScheme.V2, CanonicalJson.parse(signedData).get("attestation"));
    companionPreimage = preimages.attestationCompanion(preimage);

    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"), random);
    jcaEc = generator.generateKeyPair();
    jcaEcSignature = jcaEs256Sign();

    X9ECParameters p256 = CustomNamedCurves.getByName("secp256r1");
    bcEc =
        new ECPrivateKeyParameters(
            ((java.security.interfaces.ECPrivateKey) jcaEc.getPrivate()).getS(),
            new ECDomainParameters(p256.getCurve(), p256.getG(), p256.getN(), p256.getH()));

    MLDSAKeyPairGenerator mlDsaGenerator = new MLDSAKeyPairGenerator();
    mlDsaGenerator.init(new MLDSAKeyGenerationParameters(random, MLDSAParameters.ml_dsa_65));
    bcMlDsa = mlDsaGenerator.generateKeyPair();
    bcMlDsaSignature = bcMlDsa65Sign();
  }

  // ---- raw primitives ------------------------------------------------------------------------

  @Benchmark
  public byte[] jcaEs256Sign() throws Exception {
    Signature signature = Signature.getInstance("SHA256withECDSAinP1363Format");
    signature.initSign(jcaEc.getPrivate(), random);
    signature.update(preimage);
    return signature.sign();
  }

  /**
   * BouncyCastle ECDSA on its optimised P-256 field ({@code CustomNamedCurves}) with its default
   * base-point multiplier: a fixed-point comb whose table for G is computed once and cached on the
   * curve's generator. SHA-256 then a random k, as the JCA row.
   */
  @Benchmark
  public BigInteger[] bcEs256SignFixedPointComb() {
    ECDSASigner signer = new ECDSASigner();
    signer.init(true, new ParametersWithRandom(bcEc, random));
    return signer.generateSignature(sha256(preimage));
  }

  /** The same with a windowed-NAF multiplier instead of the precomputed comb. */
  @Benchmark
  public BigInteger[] bcEs256SignWnaf() {
    ECDSASigner signer = wnafSigner();
    signer.init(true, new ParametersWithRandom(bcEc, random));
    return signer.generateSignature(sha256(preimage));
  }

  /** The comb with a deterministic k (RFC 6979) instead of a random one. */
  @Benchmark
  public BigInteger[] bcEs256SignRfc6979() {
    ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
    signer.init(true, bcEc);
    return signer.generateSignature(sha256(preimage));
  }

  /** An ECDSA signer whose base point multiplier is windowed NAF, not the precomputed comb. */
  static ECDSASigner wnafSigner() {
    return new ECDSASigner() {
      @Override
      protected ECMultiplier createBasePointMultiplier() {
        return new WNafL2RMultiplier();
      }
    };
  }

  /** SHA-256 with BouncyCastle's digest, as ES256 hashed before it used the JDK's. */
  static byte[] sha256(byte[] message) {
    SHA256Digest digest = new SHA256Digest();
    digest.update(message, 0, message.length);
    byte[] out = new byte[32];
    digest.doFinal(out, 0);
    return out;
  }

  /** ML-DSA-65 in its deterministic variant (FIPS 204: the 32 random bytes are zero). */
  @Benchmark
  public byte[] bcMlDsa65SignDeterministic() throws Exception {
    MLDSASigner signer = new MLDSASigner();
    signer.init(true, bcMlDsa.getPrivate());
    signer.update(companionPreimage, 0, companionPreimage.length);
    return signer.generateSignature();
  }

  @Benchmark
  public boolean jcaEs256Verify() throws Exception {
    Signature signature = Signature.getInstance("SHA256withECDSAinP1363Format");
    signature.initVerify(jcaEc.getPublic());
    signature.update(preimage);
    return signature.verify(jcaEcSignature);
  }

  @Benchmark
  public byte[] bcMlDsa65Sign() throws Exception {
    MLDSASigner signer = new MLDSASigner();
    signer.init(true, new ParametersWithRandom(bcMlDsa.getPrivate(), random));
    signer.update(companionPreimage, 0, companionPreimage.length);
    return signer.generateSignature();
  }

  @Benchmark
  public boolean bcMlDsa65Verify() {
    MLDSASigner verifier = new MLDSASigner();
    verifier.init(false, (MLDSAPublicKeyParameters) bcMlDsa.getPublic());
    verifier.update(companionPreimage, 0, companionPreimage.length);
    return verifier.verifySignature(bcMlDsaSignature);
  }

  // ---- this project's keys -------------------------------------------------------------------

  @Benchmark
  public byte[] ourEs256Sign() {
    return ec.sign(preimage);
  }

  @Benchmark
  public byte[] ourMlDsa65Sign() {
    return mlDsa.sign(companionPreimage);
  }

  // ---- whole artifacts -----------------------------------------------------------------------

  @Benchmark
  public byte[] v2Preimage() {
    return Preimages.of(Namespace.SERVICE)
        .attestation(PreimageScheme.V2, CanonicalJson.parse(signedData).get("attestation"));
  }

  @Benchmark
  public String attestationSign() {
    return signer.sign(request).dataJson();
  }

  @Benchmark
  public String attestationSignWithJwt() {
    return signer.sign(jwtRequest).dataJson();
  }

  // One method per benchmark by design: JMH finds each by its annotation.
  @Benchmark
  public VerificationReport sdkVerify() {
    return verifier.report(signedData);
  }

  @Benchmark
  public VerificationReport sdkVerifyWithJwt() {
    return verifier.report(signedJwtData);
  }

  private static Attestation attestation() {
    PayloadValue.Obj condition =
        PayloadValue.objectBuilder()
            .put("type", "token_balance")
            .put("chainId", 1)
            .put("contractAddress", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")
            .put("operator", "gte")
            .put("threshold", "1")
            .build();
    Instant attestedAt = Instant.parse("2026-11-20T10:15:30.123Z");
    return new Attestation(
        new AttestationId("ATST-0123456789ABCDEF"),
        List.of(
            new ConditionResult(
                0,
                "USDC >= 1",
                "token_balance",
                ChainId.evm(1),
                true,
                condition,
                new Anchor.EvmBlock(
                    BigInteger.valueOf(25_800_000L), Instant.parse("2026-11-20T10:15:23Z")),
                PayloadValue.object(),
                Optional.empty())),
        attestedAt,
        attestedAt.plus(Attestation.LIFETIME));
  }
}
