package org.walletstate.devnet;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the nodes of a devnet manifest document (format in docs/devnet.md) into the typed views of
 * {@link DevnetManifest}: chains with their contracts, attestations and index entries, and wallets.
 */
final class ManifestNodes {

  private ManifestNodes() {}

  static DevnetManifest.ChainInfo chain(JsonNode n) {
    Map<String, DevnetManifest.Contract> contracts = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : n.path("contracts").properties()) {
      JsonNode c = e.getValue();
      contracts.put(
          e.getKey(),
          new DevnetManifest.Contract(
              e.getKey(), text(c, "address"), text(c, "placement"), text(c, "artifact")));
    }
    List<DevnetManifest.Attestation> attestations = new ArrayList<>();
    n.path("attestations").forEach(a -> attestations.add(attestation(a)));
    List<DevnetManifest.IndexEntry> entries = new ArrayList<>();
    n.path("indexEntries").forEach(a -> entries.add(indexEntry(a)));
    return new DevnetManifest.ChainInfo(
        n.path("chainId").asLong(),
        text(n, "name"),
        URI.create(text(n, "rpcUrl")),
        n.path("pid").asLong(),
        n.path("readyBlock").asLong(),
        text(n, "hardfork"),
        Collections.unmodifiableMap(contracts),
        List.copyOf(attestations),
        List.copyOf(entries),
        n);
  }

  // One reader per manifest record, listing its members in order, by design.
  static DevnetManifest.Attestation attestation(JsonNode n) {
    return new DevnetManifest.Attestation(
        text(n, "name"),
        text(n, "case"),
        text(n, "uid"),
        text(n, "schemaName"),
        text(n, "schema"),
        text(n, "recipient"),
        text(n, "recipientWallet"),
        text(n, "attester"),
        n.path("expirationTime").asLong(),
        n.path("revocationTime").asLong(),
        text(n, "data"),
        n.path("blockNumber").asLong());
  }

  static DevnetManifest.IndexEntry indexEntry(JsonNode n) {
    return new DevnetManifest.IndexEntry(
        text(n, "lookup"),
        text(n, "function"),
        text(n, "recipient"),
        text(n, "recipientWallet"),
        text(n, "schema"),
        text(n, "uid"),
        text(n, "attestation"),
        text(n, "case"));
  }

  static DevnetManifest.Wallet wallet(String name, JsonNode n) {
    return new DevnetManifest.Wallet(
        name,
        text(n, "address"),
        Optional.ofNullable(text(n, "privateKey")),
        text(n, "role"),
        n.path("chains"));
  }

  /** A text field, or null when it is missing or null. */
  static String text(JsonNode n, String field) {
    JsonNode v = n.path(field);
    return v.isMissingNode() || v.isNull() ? null : v.asText();
  }
}
