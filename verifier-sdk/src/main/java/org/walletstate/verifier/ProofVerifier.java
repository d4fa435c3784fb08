package org.walletstate.verifier;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.walletstate.verifier.internal.BlockHeaderHash;
import org.walletstate.verifier.internal.Keccak;
import org.walletstate.verifier.internal.MerklePatriciaTrie;
import org.walletstate.verifier.internal.Rlp;
import org.walletstate.verifier.internal.StateTrie;

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

  private static final HexFormat HEX = HexFormat.of();
  private static final Pattern HEX_BYTES = Pattern.compile("0x(?:[0-9a-fA-F]{2})*");
  private static final Pattern QUANTITY = Pattern.compile("0x[0-9a-fA-F]{1,64}");
  private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
  private static final byte[] EMPTY_CODE_HASH = StateTrie.EMPTY_CODE_HASH;
  private static final byte[] ZERO_WORD = new byte[32];
  private static final byte[] DESIGNATOR_PREFIX = {(byte) 0xef, 0x01, 0x00};

  /** A state root trusted for a chain and block; null chain or block means any. */
  private record Trusted(Long chainId, BigInteger blockNumber, byte[] stateRoot, String problem) {}

  private final List<Trusted> trusted;
  private final Optional<String> wallet;
  private final Map<String, Integer> decimals;

  private ProofVerifier(Builder builder) {
    this.trusted = List.copyOf(builder.trusted);
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

  /** Thrown by a failed step; carries the step. */
  private static final class StepFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final ProofStep step;

    StepFailed(ProofStep step, String message) {
      super(message, null, false, false);
      this.step = step;
    }
  }

  private static StepFailed fail(ProofStep step, String message) {
    return new StepFailed(step, message);
  }

  /** The verdict on one result. */
  ProofVerdict verifyResult(int index, JsonNode result) {
    JsonNode proof = result.get("proof");
    if (proof == null || proof.isNull()) {
      return new ProofVerdict(
          index,
          ProofVerdict.Status.ABSENT,
          Optional.empty(),
          "the result carries no proof",
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty());
    }
    if (proof.path("available").isBoolean() && !proof.path("available").booleanValue()) {
      return new ProofVerdict(
          index,
          ProofVerdict.Status.DECLINED,
          Optional.empty(),
          proof.path("reason").asText("no reason given"),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
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
    } catch (StepFailed e) {
      return new ProofVerdict(
          index,
          ProofVerdict.Status.REJECTED,
          Optional.of(e.step),
          e.getMessage(),
          subject,
          Optional.empty(),
          Optional.empty(),
          Optional.empty());
    } catch (NoTrustedRoot e) {
      return new ProofVerdict(
          index,
          ProofVerdict.Status.NO_TRUSTED_ROOT,
          Optional.empty(),
          e.getMessage(),
          subject,
          Optional.empty(),
          Optional.empty(),
          Optional.empty());
    }
  }

  private static final class NoTrustedRoot extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NoTrustedRoot(String message) {
      super(message, null, false, false);
    }
  }

  private ProofVerdict check(int index, JsonNode result, JsonNode proof, String subject) {
    // BLOCK: the proof is of the block the verdict was read at
    BigInteger block = quantity(proof, "blockNumber");
    JsonNode resultBlock = result.get("blockNumber");
    if (resultBlock == null
        || !resultBlock.isTextual()
        || !QUANTITY.matcher(resultBlock.textValue()).matches()
        || !new BigInteger(resultBlock.textValue().substring(2), 16).equals(block)) {
      throw fail(ProofStep.BLOCK, "the proof's blockNumber is not the result's");
    }
    JsonNode chainNode = result.path("chainId");
    if (!chainNode.canConvertToLong()) {
      throw fail(ProofStep.SHAPE, "the result's chainId is not an EVM chain id");
    }
    long chainId = chainNode.asLong();
    byte[] root = trustedRoot(chainId, block);

    // ACCOUNT_PROOF and ACCOUNT_FIELDS
    String address = address(proof, "address");
    Optional<byte[]> leaf;
    try {
      leaf =
          MerklePatriciaTrie.get(
              root, HEX.parseHex(address.substring(2)), nodes(proof, "accountProof"));
    } catch (MerklePatriciaTrie.ProofException | Rlp.RlpException e) {
      throw fail(ProofStep.ACCOUNT_PROOF, "account proof: " + e.getMessage());
    }
    BigInteger claimedNonce = quantity(proof, "nonce");
    BigInteger claimedBalance = quantity(proof, "balance");
    byte[] claimedStorage = word(proof, "storageHash");
    byte[] claimedCode = word(proof, "codeHash");
    StateTrie.Account account;
    try {
      account = StateTrie.account(leaf);
    } catch (StateTrie.LeafException e) {
      throw fail(ProofStep.ACCOUNT_FIELDS, e.getMessage());
    }
    Optional<String> claimProblem =
        StateTrie.claimProblem(account, claimedNonce, claimedBalance, claimedStorage, claimedCode);
    if (claimProblem.isPresent()) {
      throw fail(ProofStep.ACCOUNT_FIELDS, claimProblem.get());
    }
    BigInteger balance = account.balance();
    byte[] storageRoot = account.storageRoot();
    byte[] codeHash = account.codeHash();
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
        return erc20(index, result, proof, condition, type, chainId, address, storageRoot);
      case "account_balance":
        if (!(type.equals("token_balance") || type.equals("ratio_to_amount"))
            || !"native".equals(condition.path("contractAddress").asText())) {
          throw fail(
              ProofStep.BINDING,
              "an account_balance proof on a result that is not a native balance");
        }
        int nativeDecimals = decimals(proof, condition, chainId, "native");
        return balanceVerdict(index, result, condition, balance, nativeDecimals, subject);
      case "account_code":
        if (!type.equals("account_code")) {
          throw fail(ProofStep.BINDING, "an account_code proof on a " + type + " result");
        }
        return codeVerdict(index, result, condition, codeHash);
      case "delegation_revocation":
        if (!type.equals("erc7710_delegation")) {
          throw fail(ProofStep.BINDING, "a delegation_revocation proof on a " + type + " result");
        }
        return revocation(index, result, proof, condition, address, storageRoot);
      default:
        throw fail(ProofStep.SHAPE, "unknown proof subject " + subject);
    }
  }

  /** The failReasons decided before the revocation check: the proof says nothing about them. */
  private static final java.util.Set<String> BEFORE_REVOCATION =
      java.util.Set.of(
          "delegate_mismatch", "principal_mismatch", "invalid_signature", "delegator_not_deployed");

  /**
   * {@code disabledDelegations[delegationHash]} of the condition's manager: the slot is derived
   * from the signed hash and mapping slot, proven under the manager's storage root, and must hold 0
   * or 1; 1 must go with failReason revoked, 0 with a met result or a later failReason.
   */
  private ProofVerdict revocation(
      int index,
      JsonNode result,
      JsonNode proof,
      JsonNode condition,
      String address,
      byte[] storageRoot) {
    String manager = address(proof, "contractAddress");
    if (!manager.equalsIgnoreCase(address)
        || !manager.equalsIgnoreCase(condition.path("contractAddress").asText())) {
      throw fail(ProofStep.BINDING, "the proven account is not the condition's manager");
    }
    byte[] hash = word(proof, "delegationHash");
    if (!("0x" + HEX.formatHex(hash)).equalsIgnoreCase(condition.path("delegationHash").asText())) {
      throw fail(ProofStep.BINDING, "the proof is of another delegation than the condition's");
    }
    if (wallet.isPresent() && !wallet.get().equalsIgnoreCase(condition.path("delegate").asText())) {
      throw fail(ProofStep.BINDING, "the condition's delegate is not the pinned wallet");
    }
    byte[] key = word(proof, "storageKey");
    byte[] derived = Keccak.hash(concat(hash, pad32(quantity(proof, "mappingSlot"))));
    if (!Arrays.equals(derived, key)) {
      throw fail(
          ProofStep.BINDING,
          "storageKey is not the delegation's entry of the mapping at mappingSlot");
    }
    JsonNode storage = proof.path("storageProof");
    if (!storage.isArray() || storage.size() != 1) {
      throw fail(ProofStep.SHAPE, "expected exactly one storage proof");
    }
    JsonNode slot = storage.get(0);
    if (!Arrays.equals(pad32(quantity(slot, "key")), key)) {
      throw fail(ProofStep.BINDING, "the storage proof is of another key than storageKey");
    }
    BigInteger value;
    try {
      value = StateTrie.storageValue(storageRoot, key, nodes(slot, "proof"));
    } catch (StateTrie.LeafException e) {
      throw fail(ProofStep.STORAGE_PROOF, e.getMessage());
    } catch (MerklePatriciaTrie.ProofException | Rlp.RlpException e) {
      throw fail(ProofStep.STORAGE_PROOF, "storage proof: " + e.getMessage());
    }
    if (!value.equals(quantity(slot, "value"))) {
      throw fail(ProofStep.STORAGE_PROOF, "the proven slot value differs from the claimed one");
    }
    if (value.compareTo(BigInteger.ONE) > 0) {
      throw fail(ProofStep.VERDICT, "the proven slot holds " + value + ", not a revocation flag");
    }
    boolean revoked = value.signum() == 1;
    boolean met = result.path("met").asBoolean(false);
    String failReason = result.path("failReason").asText("");
    if (!BEFORE_REVOCATION.contains(failReason)) {
      boolean saysRevoked = !met && failReason.equals("revoked");
      if (saysRevoked != revoked) {
        throw fail(
            ProofStep.VERDICT,
            "the proven flag says "
                + (revoked ? "revoked" : "not revoked")
                + ", but the result says met "
                + met
                + (failReason.isEmpty() ? "" : " with failReason " + failReason));
      }
    }
    return new ProofVerdict(
        index,
        ProofVerdict.Status.VERIFIED,
        Optional.empty(),
        "the proven revocation flag shows the delegation " + (revoked ? "revoked" : "not revoked"),
        Optional.of("delegation_revocation"),
        Optional.of(value),
        Optional.empty(),
        Optional.empty());
  }

  private ProofVerdict erc20(
      int index,
      JsonNode result,
      JsonNode proof,
      JsonNode condition,
      String type,
      long chainId,
      String address,
      byte[] storageRoot) {
    if (!(type.equals("token_balance") || type.equals("ratio_to_amount"))) {
      throw fail(ProofStep.BINDING, "a balance slot proof on a " + type + " result");
    }
    String token = address(proof, "contractAddress");
    String conditionToken = condition.path("contractAddress").asText();
    if (!token.equalsIgnoreCase(address) || !token.equalsIgnoreCase(conditionToken)) {
      throw fail(ProofStep.BINDING, "the proven account is not the condition's token");
    }
    String holder = address(proof, "holder");
    if (wallet.isPresent() && !wallet.get().equalsIgnoreCase(holder)) {
      throw fail(ProofStep.BINDING, "the proven slot is not the pinned wallet's");
    }
    BigInteger mappingSlot = quantity(proof, "mappingSlot");
    byte[] key = word(proof, "storageKey");
    byte[] paddedHolder = new byte[32];
    System.arraycopy(HEX.parseHex(holder.substring(2)), 0, paddedHolder, 12, 20);
    byte[] paddedSlot = pad32(mappingSlot);
    String layout = proof.path("layout").asText();
    byte[] derived;
    if (layout.equals("solidity")) {
      derived = Keccak.hash(concat(paddedHolder, paddedSlot));
    } else if (layout.equals("vyper")) {
      derived = Keccak.hash(concat(paddedSlot, paddedHolder));
    } else {
      throw fail(ProofStep.SHAPE, "unknown layout " + layout);
    }
    if (!Arrays.equals(derived, key)) {
      throw fail(
          ProofStep.BINDING, "storageKey is not the holder's entry of the mapping at mappingSlot");
    }
    JsonNode storage = proof.path("storageProof");
    if (!storage.isArray() || storage.size() != 1) {
      throw fail(ProofStep.SHAPE, "expected exactly one storage proof");
    }
    JsonNode slot = storage.get(0);
    if (!Arrays.equals(pad32(quantity(slot, "key")), key)) {
      throw fail(ProofStep.BINDING, "the storage proof is of another key than storageKey");
    }
    BigInteger value;
    try {
      value = StateTrie.storageValue(storageRoot, key, nodes(slot, "proof"));
    } catch (StateTrie.LeafException e) {
      throw fail(ProofStep.STORAGE_PROOF, e.getMessage());
    } catch (MerklePatriciaTrie.ProofException | Rlp.RlpException e) {
      throw fail(ProofStep.STORAGE_PROOF, "storage proof: " + e.getMessage());
    }
    if (!value.equals(quantity(slot, "value"))) {
      throw fail(ProofStep.STORAGE_PROOF, "the proven slot value differs from the claimed one");
    }
    int tokenDecimals = decimals(proof, condition, chainId, token.toLowerCase(Locale.ROOT));
    return balanceVerdict(index, result, condition, value, tokenDecimals, "erc20_balance");
  }

  private int decimals(JsonNode proof, JsonNode condition, long chainId, String asset) {
    Integer pinned = decimals.get(chainId + ":" + asset);
    JsonNode signed = proof.get("decimals");
    JsonNode v1 = condition.get("decimals");
    Integer stated = signed != null && signed.canConvertToInt() ? signed.asInt() : null;
    if (v1 != null && v1.canConvertToInt()) {
      if (stated != null && stated != v1.asInt()) {
        throw fail(ProofStep.DECIMALS, "the proof's decimals differ from the signed condition's");
      }
      stated = v1.asInt();
    }
    if (pinned != null) {
      if (stated != null && !pinned.equals(stated)) {
        throw fail(
            ProofStep.DECIMALS,
            "the signed decimals (" + stated + ") differ from the caller's (" + pinned + ")");
      }
      return pinned;
    }
    if (stated == null) {
      throw fail(ProofStep.DECIMALS, "no decimals: neither signed nor given by the caller");
    }
    return stated;
  }

  private static ProofVerdict balanceVerdict(
      int index,
      JsonNode result,
      JsonNode condition,
      BigInteger value,
      int decimals,
      String subject) {
    JsonNode thresholdNode = condition.get("threshold");
    BigDecimal threshold;
    try {
      threshold =
          thresholdNode.isNumber()
              ? thresholdNode.decimalValue()
              : new BigDecimal(thresholdNode.asText());
    } catch (RuntimeException e) {
      throw fail(ProofStep.VERDICT, "the condition's threshold is not a number");
    }
    BigDecimal baseUnits = threshold.scaleByPowerOfTen(decimals);
    // a trust profile's presence fact is "gt"; attest's balances are "at least"
    boolean above = "gt".equals(condition.path("operator").asText());
    int compared = new BigDecimal(value).compareTo(baseUnits);
    boolean provenMet = above ? compared > 0 : compared >= 0;
    boolean met = result.path("met").asBoolean(false);
    if (provenMet != met) {
      throw fail(
          ProofStep.VERDICT,
          "the proven balance "
              + value
              + " is "
              + (above ? (provenMet ? "above" : "not above") : (provenMet ? "at least" : "below"))
              + " the threshold of "
              + baseUnits.stripTrailingZeros().toPlainString()
              + " base units, but the result says met "
              + met);
    }
    return new ProofVerdict(
        index,
        ProofVerdict.Status.VERIFIED,
        Optional.empty(),
        "the proven balance "
            + (met ? "meets" : "is below")
            + " the threshold of "
            + baseUnits.stripTrailingZeros().toPlainString()
            + " base units",
        Optional.of(subject),
        Optional.of(value),
        Optional.empty(),
        Optional.empty());
  }

  private static ProofVerdict codeVerdict(
      int index, JsonNode result, JsonNode condition, byte[] codeHash) {
    boolean met = result.path("met").asBoolean(false);
    String expect = condition.path("expect").asText();
    boolean empty = Arrays.equals(codeHash, EMPTY_CODE_HASH) || Arrays.equals(codeHash, ZERO_WORD);
    Optional<String> limitation = Optional.empty();
    boolean provenMet;
    switch (expect) {
      case "none":
        provenMet = empty;
        break;
      case "eip7702":
        if (condition.hasNonNull("delegate")) {
          String delegate = condition.get("delegate").asText();
          if (!ADDRESS.matcher(delegate).matches()) {
            throw fail(ProofStep.SHAPE, "the condition's delegate is not an address");
          }
          byte[] designator = concat(DESIGNATOR_PREFIX, HEX.parseHex(delegate.substring(2)));
          provenMet = Arrays.equals(codeHash, Keccak.hash(designator));
        } else if (empty) {
          provenMet = false;
        } else {
          provenMet = met;
          limitation =
              Optional.of(
                  "code is present; whether it is an EIP-7702 designator cannot be told from its"
                      + " hash without the delegate");
        }
        break;
      case "contract":
        if (empty) {
          provenMet = false;
        } else {
          provenMet = met;
          limitation =
              Optional.of(
                  "code is present; that it is not an EIP-7702 designator cannot be told from its"
                      + " hash");
        }
        break;
      default:
        throw fail(ProofStep.SHAPE, "unknown expect " + expect);
    }
    String hash = "0x" + HEX.formatHex(codeHash);
    if (provenMet != met) {
      throw fail(
          ProofStep.VERDICT,
          "the proven codeHash " + hash + " does not give expect " + expect + " met " + met);
    }
    return new ProofVerdict(
        index,
        ProofVerdict.Status.VERIFIED,
        Optional.empty(),
        "the proven codeHash " + (met ? "shows" : "does not show") + " code state " + expect,
        Optional.of("account_code"),
        Optional.empty(),
        Optional.of(hash),
        limitation);
  }

  private byte[] trustedRoot(long chainId, BigInteger block) {
    for (int pass = 0; pass < 2; pass++) {
      for (Trusted t : trusted) {
        boolean chainMatches = t.chainId() == null ? pass == 1 : t.chainId() == chainId;
        boolean blockMatches = t.blockNumber() == null || t.blockNumber().equals(block);
        if (chainMatches && blockMatches) {
          if (t.problem() != null) {
            throw fail(ProofStep.STATE_ROOT, t.problem());
          }
          return t.stateRoot();
        }
      }
    }
    throw new NoTrustedRoot(
        "no trusted state root for chain " + chainId + " at block 0x" + block.toString(16));
  }

  private static List<byte[]> nodes(JsonNode parent, String name) {
    JsonNode array = parent.get(name);
    if (array == null || !array.isArray()) {
      throw fail(ProofStep.SHAPE, name + " is not an array");
    }
    List<byte[]> nodes = new ArrayList<>();
    for (JsonNode node : array) {
      if (!node.isTextual() || !HEX_BYTES.matcher(node.textValue()).matches()) {
        throw fail(ProofStep.SHAPE, name + " holds something other than hex bytes");
      }
      nodes.add(HEX.parseHex(node.textValue().substring(2)));
    }
    return nodes;
  }

  private static BigInteger quantity(JsonNode parent, String name) {
    JsonNode node = parent.get(name);
    if (node == null || !node.isTextual() || !QUANTITY.matcher(node.textValue()).matches()) {
      throw fail(ProofStep.SHAPE, name + " is not a hex quantity");
    }
    return new BigInteger(node.textValue().substring(2), 16);
  }

  private static byte[] word(JsonNode parent, String name) {
    JsonNode node = parent.get(name);
    if (node == null
        || !node.isTextual()
        || node.textValue().length() != 66
        || !HEX_BYTES.matcher(node.textValue()).matches()) {
      throw fail(ProofStep.SHAPE, name + " is not 32 bytes of hex");
    }
    return HEX.parseHex(node.textValue().substring(2));
  }

  private static String address(JsonNode parent, String name) {
    JsonNode node = parent.get(name);
    if (node == null || !node.isTextual() || !ADDRESS.matcher(node.textValue()).matches()) {
      throw fail(ProofStep.SHAPE, name + " is not an address");
    }
    return node.textValue();
  }

  private static byte[] pad32(BigInteger value) {
    byte[] raw = value.toByteArray();
    int skip = raw.length > 32 ? raw.length - 32 : 0;
    byte[] out = new byte[32];
    System.arraycopy(raw, skip, out, 32 - (raw.length - skip), raw.length - skip);
    return out;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static byte[] parseWord(String hex, String what) {
    if (hex == null || hex.length() != 66 || !HEX_BYTES.matcher(hex).matches()) {
      throw new IllegalArgumentException(what + " must be 0x followed by 64 hex digits");
    }
    return HEX.parseHex(hex.substring(2));
  }

  /** Sets up the trusted roots and the caller's pins. */
  public static final class Builder {
    private final List<Trusted> trusted = new ArrayList<>();
    private Optional<String> wallet = Optional.empty();
    private final Map<String, Integer> decimals = new ConcurrentHashMap<>();

    private Builder() {}

    /** Trusts {@code stateRoot} for every result, whatever its chain and block. */
    public Builder trustStateRoot(String stateRoot) {
      trusted.add(new Trusted(null, null, parseWord(stateRoot, "stateRoot"), null));
      return this;
    }

    /** Trusts {@code stateRoot} as the state root of {@code blockNumber} on {@code chainId}. */
    public Builder trustStateRoot(long chainId, BigInteger blockNumber, String stateRoot) {
      Objects.requireNonNull(blockNumber, "blockNumber");
      trusted.add(new Trusted(chainId, blockNumber, parseWord(stateRoot, "stateRoot"), null));
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
      byte[] expected = parseWord(trustedBlockHash, "block hash");
      byte[] computed = BlockHeaderHash.of(header);
      BigInteger number = new BigInteger(header.path("number").asText().substring(2), 16);
      byte[] root = parseWord(header.path("stateRoot").asText(), "header stateRoot");
      if (!Arrays.equals(expected, computed)) {
        trusted.add(
            new Trusted(
                chainId,
                number,
                null,
                "the header hashes to 0x"
                    + HEX.formatHex(computed)
                    + ", not the trusted block hash"));
      } else {
        trusted.add(new Trusted(chainId, number, root, null));
      }
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
