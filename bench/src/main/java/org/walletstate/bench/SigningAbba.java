package org.walletstate.bench;

import java.io.IOException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAKeyGenerationParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAKeyPairGenerator;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSASigner;

/**
 * The signing options side by side in one JVM, interleaved: each round runs a block of every
 * candidate, in alternating order (ABBA), so a neighbour's load falls on all of them alike. Reports
 * each candidate's median block time per operation and its ratio to the first candidate. For a
 * shared machine where JMH's one-benchmark-after-another runs drift apart.
 *
 * <pre>java -cp bench/target/benchmarks.jar org.walletstate.bench.SigningAbba [rounds] [ops]</pre>
 */
public final class SigningAbba {

  private SigningAbba() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    int ops = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    SecureRandom random = new SecureRandom();
    byte[] preimage = new byte[508];
    byte[] companion = new byte[532];
    random.nextBytes(preimage);
    random.nextBytes(companion);
    Map<String, Runnable> candidates = candidates(random, preimage, companion);
    List<String> names = new ArrayList<>(candidates.keySet());
    report(names, interleaved(candidates, rounds, ops), rounds, ops);
  }

  /**
   * The candidates, in report order: three ES256 signers of {@code preimage} (the first is the
   * current), then two ML-DSA-65 signers of {@code companion} (the first is the current).
   */
  private static Map<String, Runnable> candidates(
      SecureRandom random, byte[] preimage, byte[] companion) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"), random);
    KeyPair jca = generator.generateKeyPair();
    X9ECParameters p256 = CustomNamedCurves.getByName("secp256r1");
    ECPrivateKeyParameters bc =
        new ECPrivateKeyParameters(
            ((ECPrivateKey) jca.getPrivate()).getS(),
            new ECDomainParameters(p256.getCurve(), p256.getG(), p256.getN(), p256.getH()));
    Map<String, Runnable> candidates = new LinkedHashMap<>();
    candidates.put(
        "ES256 JDK SunEC (SHA256withECDSAinP1363Format)",
        () -> {
          try {
            Signature s = Signature.getInstance("SHA256withECDSAinP1363Format");
            s.initSign(jca.getPrivate(), random);
            s.update(preimage);
            s.sign();
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
    candidates.put(
        "ES256 BouncyCastle, fixed-point comb (default)",
        () -> {
          ECDSASigner s = new ECDSASigner();
          s.init(true, new ParametersWithRandom(bc, random));
          s.generateSignature(SigningBenchmarks.sha256(preimage));
        });
    candidates.put(
        "ES256 BouncyCastle, wNAF multiplier",
        () -> {
          ECDSASigner s = SigningBenchmarks.wnafSigner();
          s.init(true, new ParametersWithRandom(bc, random));
          s.generateSignature(SigningBenchmarks.sha256(preimage));
        });
    candidates.putAll(mlDsaCandidates(random, companion));
    return candidates;
  }

  /** The two ML-DSA-65 signers of {@code companion}: hedged (the current) and deterministic. */
  private static Map<String, Runnable> mlDsaCandidates(SecureRandom random, byte[] companion) {
    MLDSAKeyPairGenerator mlDsaGenerator = new MLDSAKeyPairGenerator();
    mlDsaGenerator.init(new MLDSAKeyGenerationParameters(random, MLDSAParameters.ml_dsa_65));
    AsymmetricCipherKeyPair mlDsa = mlDsaGenerator.generateKeyPair();

    Map<String, Runnable> candidates = new LinkedHashMap<>();
    candidates.put(
        "ML-DSA-65 BouncyCastle, hedged",
        () -> {
          MLDSASigner s = new MLDSASigner();
          s.init(true, new ParametersWithRandom(mlDsa.getPrivate(), random));
          s.update(companion, 0, companion.length);
          sign(s);
        });
    candidates.put(
        "ML-DSA-65 BouncyCastle, deterministic",
        () -> {
          MLDSASigner s = new MLDSASigner();
          s.init(true, mlDsa.getPrivate());
          s.update(companion, 0, companion.length);
          sign(s);
        });
    return candidates;
  }

  /** Each candidate's time per operation in µs, one entry per round; warm-up first. */
  private static Map<String, List<Double>> interleaved(
      Map<String, Runnable> candidates, int rounds, int ops) {
    List<String> names = new ArrayList<>(candidates.keySet());
    Map<String, List<Double>> perOp = new LinkedHashMap<>();
    names.forEach(n -> perOp.put(n, new ArrayList<>()));
    for (int warm = 0; warm < 3; warm++) {
      for (String name : names) {
        for (int i = 0; i < ops; i++) {
          candidates.get(name).run();
        }
      }
    }
    for (int round = 0; round < rounds; round++) {
      List<String> order = new ArrayList<>(names);
      if (round % 2 == 1) {
        java.util.Collections.reverse(order);
      }
      for (String name : order) {
        long t0 = System.nanoTime();
        for (int i = 0; i < ops; i++) {
          candidates.get(name).run();
        }
        perOp.get(name).add((System.nanoTime() - t0) / 1e3 / ops);
      }
    }
    return perOp;
  }

  private static void report(
      List<String> names, Map<String, List<Double>> perOp, int rounds, int ops) throws IOException {
    double es256Base = median(perOp.get(names.get(0)));
    double mlDsaBase = median(perOp.get(names.get(3)));
    System.out.println("| candidate | median µs/op | p25–p75 µs/op | ratio to the current |");
    System.out.println("|---|---:|---:|---:|");
    for (int k = 0; k < names.size(); k++) {
      String name = names.get(k);
      double[] sorted =
          perOp.get(name).stream().mapToDouble(Double::doubleValue).sorted().toArray();
      double base = k < 3 ? es256Base : mlDsaBase;
      System.out.printf(
          Locale.ROOT,
          "| %s | %.0f | %.0f–%.0f | %.2f |%n",
          name,
          median(perOp.get(name)),
          sorted[sorted.length / 4],
          sorted[sorted.length * 3 / 4],
          median(perOp.get(name)) / base);
    }
    System.out.printf(
        Locale.ROOT,
        "%d rounds × %d operations per candidate, interleaved ABBA; load average %s%n",
        rounds,
        ops,
        java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).strip());
  }

  private static void sign(MLDSASigner signer) {
    try {
      signer.generateSignature();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static double median(List<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
