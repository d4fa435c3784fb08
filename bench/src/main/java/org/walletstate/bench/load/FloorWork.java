package org.walletstate.bench.load;

import java.net.URI;
import java.net.http.HttpClient;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAKeyGenerationParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAKeyPairGenerator;
import org.bouncycastle.pqc.crypto.mldsa.MLDSAParameters;
import org.bouncycastle.pqc.crypto.mldsa.MLDSASigner;
import org.walletstate.domain.attest.ReadPlan;

/**
 * The least any correct implementation of one attestation must do, in this JVM: the same chain
 * reads (a head read, then one JSON-RPC batch of every read pinned to it, per chain: {@link
 * BaselineReads}), an ES256 signature and an ML-DSA-65 signature (hedged) over preimages of the
 * service's sizes with the raw BouncyCastle calls (for ES256 the fastest raw call measured here,
 * the fixed-point comb; the JDK's SunEC is about six times slower), and one ledger insert in
 * PostgreSQL (autocommit, one statement). No HTTP server, authentication, evaluation or JSON
 * response.
 */
final class FloorWork implements LoadRun.Operation, AutoCloseable {

  private static final String INSERT =
      "insert into credit_entry"
          + " (api_key_id, kind, amount, reason, request_id, idempotency_key, created_at)"
          + " values (?, 'debit', -1, 'floor', ?, ?, ?)";

  private final BaselineReads reads;
  private final long keyId;
  private final String jdbcUrl;
  private final byte[] preimage;
  private final byte[] companion;
  private final ECPrivateKeyParameters ec;
  private final AsymmetricCipherKeyPair mlDsa;
  private final SecureRandom random = new SecureRandom();
  private final ThreadLocal<Connection> connections;
  private final List<Connection> opened = new ArrayList<>();

  FloorWork(
      ReadPlan plan,
      Map<Long, URI> rpcUrls,
      HttpClient http,
      String jdbcUrl,
      long keyId,
      int preimageBytes,
      int companionBytes)
      throws Exception {
    this.reads = new BaselineReads(plan, rpcUrls, http);
    this.jdbcUrl = jdbcUrl;
    this.keyId = keyId;
    this.preimage = new byte[preimageBytes];
    this.companion = new byte[companionBytes];
    random.nextBytes(preimage);
    random.nextBytes(companion);
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"), random);
    X9ECParameters p256 = CustomNamedCurves.getByName("secp256r1");
    this.ec =
        new ECPrivateKeyParameters(
            ((ECPrivateKey) generator.generateKeyPair().getPrivate()).getS(),
            new ECDomainParameters(p256.getCurve(), p256.getG(), p256.getN(), p256.getH()));
    MLDSAKeyPairGenerator mlDsaGenerator = new MLDSAKeyPairGenerator();
    mlDsaGenerator.init(new MLDSAKeyGenerationParameters(random, MLDSAParameters.ml_dsa_65));
    this.mlDsa = mlDsaGenerator.generateKeyPair();
    this.connections = ThreadLocal.withInitial(this::connect);
  }

  private synchronized Connection connect() {
    try {
      Connection connection = DriverManager.getConnection(jdbcUrl, "postgres", "");
      connection.setAutoCommit(true);
      opened.add(connection);
      return connection;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot connect to " + jdbcUrl, e);
    }
  }

  @Override
  public void run() throws Exception {
    reads.observe();
    SHA256Digest sha256 = new SHA256Digest();
    sha256.update(preimage, 0, preimage.length);
    byte[] digest = new byte[32];
    sha256.doFinal(digest, 0);
    ECDSASigner es256 = new ECDSASigner();
    es256.init(true, new ParametersWithRandom(ec, random));
    if (es256.generateSignature(digest).length != 2) {
      throw new IllegalStateException("ES256 signature of the wrong shape");
    }
    MLDSASigner signer = new MLDSASigner();
    signer.init(true, new ParametersWithRandom(mlDsa.getPrivate(), random));
    signer.update(companion, 0, companion.length);
    if (signer.generateSignature().length == 0) {
      throw new IllegalStateException("empty ML-DSA-65 signature");
    }
    String id = UUID.randomUUID().toString();
    try (PreparedStatement insert = connections.get().prepareStatement(INSERT)) {
      insert.setLong(1, keyId);
      insert.setString(2, id);
      insert.setString(3, id);
      insert.setTimestamp(4, Timestamp.from(Instant.now()));
      if (insert.executeUpdate() != 1) {
        throw new IllegalStateException("the ledger insert wrote no row");
      }
    }
  }

  @Override
  public synchronized void close() {
    for (Connection connection : opened) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // closing at the end of a run
      }
    }
  }
}
