package org.walletstate.verifier;

import static org.walletstate.verifier.ProofFields.ADDRESS;
import static org.walletstate.verifier.ProofFields.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks the EIP-1186 Merkle proofs inside signed results, offline, against state roots the caller
 * trusts: given directly, or taken from a block header whose hash the caller trusts (the header is
 * hashed here and must match). Each result gets a {@link ProofVerdict}: the account proof is walked
 * from the state root, the account fields decoded, the proof bound to the result's condition
 * (token, holder slot, wallet), the storage proof walked from the proven storage root, and the
 * proven value compared with the signed verdict ({@code value >= threshold} in base units exactly
 * when {@code met}; for code, the code state the codeHash shows).
 *
 * <pre>{@code
 * VerifiedAttestation attestation = AttestationVerifier.builder(keys).build().verify(response);
 * List<ProofVerdict> proofs = ProofVerifier.builder()
 *     .trustHeader(8453, headerJson, "0x…trusted block hash…")
 *     .wallet("0x…the wallet you asked about…")
 *     .build()
 *     .verify(attestation);
 * }</pre>
 *
 * <p>What a verified proof shows, and what it does not (finality, the source of the trusted root,
 * slot layouts, ownership), is written in {@code docs/proofs.md}.
 */
public final class ProofVerifier {

  private final TrustedRoots trusted;
  private final Optional<String> wallet;
  private final Map<String, Integer> decimals;

  private ProofVerifier(Builder builder) {
    this.trusted = new TrustedRoots(builder.trusted);
    this.wallet = builder.wallet;
    this.decimals = Map.copyOf(builder.decimals);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The proof verdict of every result of a signature-verified attestation, in result order. */
  public List<ProofVerdict> verify(VerifiedAttestation attestation) {
    List<ProofVerdict> verdicts = new ArrayList<>();
    for (VerifiedResult result : attestation.results()) {
      verdicts.add(verifyResult(result.index(), result.asJson()));
    }
    return verdicts;
  }

  /**
   * The proof verdicts of an attestation object whose signature was checked by other means. A proof
   * inside a result whose signature was not checked proves chain state, not that the service said
   * anything about it.
   *
   * @param attestation the {@code attestation} object ({@code results} inside)
   */
  public List<ProofVerdict> verifyResults(JsonNode attestation) {
    List<ProofVerdict> verdicts = new ArrayList<>();
    JsonNode results = attestation.path("results");
    for (int i = 0; i < results.size(); i++) {
      verdicts.add(verifyResult(i, results.get(i)));
    }
    return verdicts;
  }

  /**
   * The proof verdict of every check of a signature-verified trust profile that carries a {@code
   * proof} key, in profile order (dimensions, then checks); {@link ProofVerdict#index()} is the
   * check's position among all checks of the profile. Unevaluated checks carry no proof and are
   * skipped.
   */
  public List<ProofVerdict> verify(VerifiedTrustProfile profile) {
    return verifyTrustChecks(profile.asJson());
  }

  /**
   * As {@link #verify(VerifiedTrustProfile)}, for a {@code trust} object whose signature was
   * checked by other means.
   */
  public List<ProofVerdict> verifyTrustChecks(JsonNode trust) {
    List<ProofVerdict> verdicts = new ArrayList<>();
    int index = 0;
    for (JsonNode dimension : trust.path("dimensions")) {
      for (JsonNode check : dimension.path("checks")) {
        if (check.has("proof")) {
          verdicts.add(verifyResult(index, check));
        }
        index++;
      }
    }
    return verdicts;
  }

  /** The verdict on one result. */
  ProofVerdict verifyResult(int index, JsonNode result) {
    JsonNode proof = result.get("proof");
    if (proof == null || proof.isNull()) {
      return unverified(
          index, ProofVerdict.Status.ABSENT, null, "the result carries no proof", Optional.empty());
    }
    if (proof.path("available").isBoolean() && !proof.path("available").booleanValue()) {
      return unverified(
          index,
          ProofVerdict.Status.DECLINED,
          null,
          proof.path("reason").asText("no reason given"),
          Optional.empty());
    }
    Optional<String> subject = Optional.empty();
    try {
      if (!proof.path("available").asBoolean(false)
          || !"merkle".equals(proof.path("type").asText())) {
        throw fail(ProofStep.SHAPE, "not an available merkle proof");
      }
      subject =
          Optional.of(
              proof.hasNonNull("subject") ? proof.get("subject").asText() : "erc20_balance");
      return check(index, result, proof, subject.get());
    } catch (ProofRejected e) {
      return unverified(index, ProofVerdict.Status.REJECTED, e.step(), e.getMessage(), subject);
    } catch (TrustedRoots.NoTrustedRoot e) {
      return unverified(index, ProofVerdict.Status.NO_TRUSTED_ROOT, null, e.getMessage(), subject);
    }
  }

  private static ProofVerdict unverified(
      int index,
      ProofVerdict.Status status,
      ProofStep step,
      String detail,
      Optional<String> subject) {
    return new ProofVerdict(
        index,
        status,
        Optional.ofNullable(step),
        detail,
        subject,
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  /** Walks the account, binds the proof's subject to the result, and compares the verdict. */
  private ProofVerdict check(int index, JsonNode result, JsonNode proof, String subject) {
    ProvenAccount account = ProvenAccount.prove(result, proof, trusted);
    String address = account.address();
    if (wallet.isPresent()
        && !subject.equals("erc20_balance")
        && !subject.equals("delegation_revocation")
        && !wallet.get().equalsIgnoreCase(address)) {
      throw fail(ProofStep.BINDING, "the proven account is not the pinned wallet");
    }
    JsonNode condition = result.path("evaluatedCondition");
    // an attestation result names its type; a trust profile's check names it in its condition
    String type =
        result.has("type")
            ? result.path("type").asText()
            : result.path("evaluatedCondition").path("type").asText();
    switch (subject) {
      case "erc20_balance":
        if (!isBalance(type)) {
          throw fail(ProofStep.BINDING, "a balance slot proof on a " + type + " result");
        }
        BigInteger value =
            SlotProofs.erc20Balance(proof, condition, address, account.storageRoot(), wallet);
        int tokenDecimals = decimals(proof, condition, account, address.toLowerCase(Locale.ROOT));
        return ProvenVerdicts.balance(index, result, condition, value, tokenDecimals, subject);
      case "account_balance":
        if (!isBalance(type) || !"native".equals(condition.path("contractAddress").asText())) {
          throw fail(
              ProofStep.BINDING,
              "an account_balance proof on a result that is not a native balance");
        }
        int nativeDecimals = decimals(proof, condition, account, "native");
        return ProvenVerdicts.balance(
            index, result, condition, account.balance(), nativeDecimals, subject);
      case "account_code":
        if (!type.equals("account_code")) {
          throw fail(ProofStep.BINDING, "an account_code proof on a " + type + " result");
        }
        return ProvenVerdicts.code(index, result, condition, account.codeHash());
      case "delegation_revocation":
        if (!type.equals("erc7710_delegation")) {
          throw fail(ProofStep.BINDING, "a delegation_revocation proof on a " + type + " result");
        }
        BigInteger flag =
            SlotProofs.revocationFlag(proof, condition, address, account.storageRoot(), wallet);
        return ProvenVerdicts.revocation(index, result, flag);
      default:
        throw fail(ProofStep.SHAPE, "unknown proof subject " + subject);
    }
  }

  private static boolean isBalance(String type) {
    return type.equals("token_balance") || type.equals("ratio_to_amount");
  }

  private int decimals(JsonNode proof, JsonNode condition, ProvenAccount account, String asset) {
    return ProvenVerdicts.decimals(proof, condition, decimals.get(account.chainId() + ":" + asset));
  }

  /** Sets up the trusted roots and the caller's pins. */
  public static final class Builder {
    private final List<TrustedRoots.Trusted> trusted = new ArrayList<>();
    private Optional<String> wallet = Optional.empty();
    private final Map<String, Integer> decimals = new ConcurrentHashMap<>();

    private Builder() {}

    /** Trusts {@code stateRoot} for every result, whatever its chain and block. */
    public Builder trustStateRoot(String stateRoot) {
      trusted.add(TrustedRoots.stateRoot(null, null, stateRoot));
      return this;
    }

    /** Trusts {@code stateRoot} as the state root of {@code blockNumber} on {@code chainId}. */
    public Builder trustStateRoot(long chainId, BigInteger blockNumber, String stateRoot) {
      Objects.requireNonNull(blockNumber, "blockNumber");
      trusted.add(TrustedRoots.stateRoot(chainId, blockNumber, stateRoot));
      return this;
    }

    /**
     * Trusts the state root of {@code header} (an {@code eth_getBlockByNumber} result) for its
     * block number, if and only if the header hashes to {@code trustedBlockHash}. A header that
     * does not is remembered as such: the results at its block are rejected at {@link
     * ProofStep#STATE_ROOT}.
     *
     * @param chainId the chain the header is of, or null for any
     * @throws IllegalArgumentException when the header lacks a field or a field is malformed
     */
    public Builder trustHeader(Long chainId, JsonNode header, String trustedBlockHash) {
      trusted.add(TrustedRoots.header(chainId, header, trustedBlockHash));
      return this;
    }

    /** The wallet the attestation is about: every proof must be of it (recommended). */
    public Builder wallet(String address) {
      if (address == null || !ADDRESS.matcher(address).matches()) {
        throw new IllegalArgumentException("wallet must be a 0x-prefixed 20-byte address");
      }
      this.wallet = Optional.of(address);
      return this;
    }

    /**
     * The decimals of {@code token} on {@code chainId}, as the caller knows them: used instead of
     * the service's signed {@code decimals}, and a signed value that differs is rejected.
     */
    public Builder tokenDecimals(long chainId, String token, int tokenDecimals) {
      if (token == null || !ADDRESS.matcher(token).matches()) {
        throw new IllegalArgumentException("token must be a 0x-prefixed 20-byte address");
      }
      if (tokenDecimals < 0 || tokenDecimals > 255) {
        throw new IllegalArgumentException("decimals are 0 to 255");
      }
      decimals.put(chainId + ":" + token.toLowerCase(Locale.ROOT), tokenDecimals);
      return this;
    }

    public ProofVerifier build() {
      return new ProofVerifier(this);
    }
  }
}
