package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a started devnet holds: per chain its RPC URL, contracts, attestations, index entries and
 * delegations, and per test wallet its address, key and holdings on each chain. The typed views
 * cover what tests usually need; {@link #json()} gives the whole document (format in
 * docs/devnet.md).
 */
public final class DevnetManifest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final JsonNode root;
  private final Map<Long, ChainInfo> chains;
  private final Map<String, Wallet> wallets;

  private DevnetManifest(JsonNode root) {
    this.root = root;
    Map<Long, ChainInfo> c = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : root.path("chains").properties()) {
      c.put(Long.parseLong(e.getKey()), ManifestNodes.chain(e.getValue()));
    }
    this.chains = Collections.unmodifiableMap(c);
    Map<String, Wallet> w = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : root.path("wallets").properties()) {
      w.put(e.getKey(), ManifestNodes.wallet(e.getKey(), e.getValue()));
    }
    this.wallets = Collections.unmodifiableMap(w);
    if (chains.isEmpty()) {
      throw new DevnetException("manifest names no chain");
    }
  }

  public static DevnetManifest parse(String json) {
    try {
      return new DevnetManifest(JSON.readTree(json));
    } catch (IOException e) {
      throw new DevnetException("unreadable manifest: " + e.getMessage(), e);
    }
  }

  public static DevnetManifest read(Path file) {
    try {
      return new DevnetManifest(JSON.readTree(file.toFile()));
    } catch (IOException e) {
      throw new DevnetException("unreadable manifest " + file + ": " + e.getMessage(), e);
    }
  }

  /** The whole manifest document. */
  public JsonNode json() {
    return root;
  }

  /** Genesis timestamp of every chain; deploy blocks follow it one second apart. */
  public long genesisTimestamp() {
    return root.path("genesisTimestamp").asLong();
  }

  /** anvil's first dev account, which deployed and minted everything. */
  public Account deployer() {
    JsonNode d = root.path("deployer");
    return new Account(d.path("address").asText(), d.path("privateKey").asText());
  }

  public Map<Long, ChainInfo> chains() {
    return chains;
  }

  /** RPC URL per chain id, in start order. */
  public Map<Long, URI> rpcUrls() {
    Map<Long, URI> urls = new LinkedHashMap<>();
    chains().forEach((id, c) -> urls.put(id, c.rpcUrl()));
    return urls;
  }

  public ChainInfo chain(long chainId) {
    ChainInfo c = chains.get(chainId);
    if (c == null) {
      throw new DevnetException(
          "the devnet runs no chain " + chainId + "; it runs " + chains.keySet());
    }
    return c;
  }

  public Map<String, Wallet> wallets() {
    return wallets;
  }

  public Wallet wallet(String name) {
    Wallet w = wallets.get(name);
    if (w == null) {
      throw new DevnetException("no test wallet " + name + "; there are " + wallets.keySet());
    }
    return w;
  }

  /** An externally owned account and its (public, test-only) key. */
  public record Account(String address, String privateKey) {}

  /**
   * A contract on one chain. {@code placement} is {@code production-address} for code copied to an
   * address the service's production configuration names, {@code deployed} for a normal deploy.
   */
  public record Contract(String key, String address, String placement, String artifact) {
    public boolean atProductionAddress() {
      return "production-address".equals(placement);
    }
  }

  /**
   * An attestation made on the devnet. {@code caseName} is one of valid, revoked, expired,
   * wrong_attester, wrong_schema, below_threshold; {@code blockNumber} is the block of its attest
   * transaction.
   */
  public record Attestation(
      String name,
      String caseName,
      String uid,
      String schemaName,
      String schema,
      String recipient,
      String recipientWallet,
      String attester,
      long expirationTime,
      long revocationTime,
      String data,
      long blockNumber) {}

  /**
   * What a lookup contract answers for {@code function(recipient, schema)}: on 8453 Coinbase's
   * indexer with {@code getAttestationUid(address,bytes32)}, on 10 Human Passport's resolver with
   * {@code getUserAttestation(address,bytes32)}. {@code uid} is the answer (all zeros where the
   * resolver cleared the entry on revocation), {@code attestation} the name of the attestation the
   * entry is about, {@code caseName} the case it builds (valid, revoked, ..., recipient_mismatch).
   */
  public record IndexEntry(
      String lookup,
      String function,
      String recipient,
      String recipientWallet,
      String schema,
      String uid,
      String attestation,
      String caseName) {}

  /** One chain of the devnet. */
  public record ChainInfo(
      long chainId,
      String name,
      URI rpcUrl,
      long anvilPid,
      long readyBlock,
      String hardfork,
      Map<String, Contract> contracts,
      List<Attestation> attestations,
      List<IndexEntry> indexEntries,
      JsonNode json) {

    /** The address of a contract by its manifest key (e.g. {@code token6}, {@code eas}). */
    public String address(String contractKey) {
      Contract c = contracts.get(contractKey);
      if (c == null) {
        throw new DevnetException(
            "chain "
                + chainId
                + " has no contract "
                + contractKey
                + "; it has "
                + contracts.keySet());
      }
      return c.address();
    }

    public Attestation attestation(String name) {
      return attestations.stream()
          .filter(a -> a.name().equals(name))
          .findFirst()
          .orElseThrow(
              () -> new DevnetException("chain " + chainId + " has no attestation " + name));
    }

    /** Schema UID by the manifest's schema name (e.g. verifiedAccount, score). */
    public String schemaUid(String schemaName) {
      String uid = ManifestNodes.text(json.path("schemas").path(schemaName), "uid");
      if (uid == null) {
        throw new DevnetException("chain " + chainId + " has no schema " + schemaName);
      }
      return uid;
    }

    /** A signed ERC-7710 delegation by name (active, revoked, ...), as the manifest holds it. */
    public JsonNode delegation(String name) {
      for (JsonNode d : json.path("delegations")) {
        if (name.equals(d.path("name").asText())) {
          return d;
        }
      }
      throw new DevnetException("chain " + chainId + " has no delegation " + name);
    }
  }

  /** A test wallet: same address on every chain, holdings per chain. */
  public record Wallet(
      String name, String address, Optional<String> privateKey, String role, JsonNode chains) {

    /** What the wallet holds on a chain; a missing node when it holds nothing there. */
    public JsonNode holdings(long chainId) {
      return chains.path(Long.toString(chainId));
    }

    /** Base-unit balance of an ERC-20 by symbol (dUSD, dETH, dPTS, USDC); zero when none. */
    public BigInteger erc20Raw(long chainId, String symbol) {
      JsonNode raw = holdings(chainId).path("erc20").path(symbol).path("raw");
      return raw.isMissingNode() ? BigInteger.ZERO : new BigInteger(raw.asText());
    }

    /** The wallet's code state on a chain: none, eip7702 or contract. */
    public String codeState(long chainId) {
      return holdings(chainId).path("codeState").path("expect").asText("none");
    }
  }
}
