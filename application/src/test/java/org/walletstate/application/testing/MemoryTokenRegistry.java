package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.walletstate.application.commerce.port.out.TokenRegistry;
import org.walletstate.domain.commerce.RegistryItem;
import org.walletstate.domain.commerce.RegistryQuery;
import org.walletstate.domain.commerce.RegistrySubmission;

/**
 * The token registry in memory, with the port's rules: one entry per chain and address (a repeat
 * submission answers the first, changed in nothing), a submission is pending, and only listed
 * entries are answered, in the database adapter's order (symbol, chain, address).
 */
public final class MemoryTokenRegistry implements TokenRegistry {

  private record Row(RegistryItem item, String chain, String address, Optional<Long> keyId) {}

  private final Map<String, Row> rows = new LinkedHashMap<>();

  /** Stores {@code submission} as a listed entry (a reviewer's decision). */
  public synchronized MemoryTokenRegistry listed(RegistrySubmission submission, Instant at) {
    rows.put(key(submission), row(submission, "listed", Optional.empty(), at));
    return this;
  }

  /** The key that submitted the entry of {@code submission}'s chain and address, if any. */
  public synchronized Optional<Long> submittedBy(RegistrySubmission submission) {
    return Optional.ofNullable(rows.get(key(submission))).flatMap(Row::keyId);
  }

  /** Every entry, whatever its status, in the order stored. */
  public synchronized List<RegistryItem> all() {
    return rows.values().stream().map(Row::item).toList();
  }

  @Override
  public synchronized Uni<List<RegistryItem>> listed(RegistryQuery query) {
    List<Row> found = new ArrayList<>();
    for (Row row : rows.values()) {
      RegistryItem item = row.item();
      boolean match =
          item.status().equals("listed")
              && query.chain().map(c -> c.id().toString().equals(row.chain())).orElse(true)
              && query.symbol().map(s -> s.equalsIgnoreCase(item.symbol())).orElse(true)
              && query.type().map(t -> t.wireName().equals(item.type())).orElse(true);
      if (match) {
        found.add(row);
      }
    }
    found.sort(
        Comparator.comparing((Row r) -> r.item().symbol())
            .thenComparing(Row::chain)
            .thenComparing(Row::address));
    return Uni.createFrom().item(found.stream().map(Row::item).toList());
  }

  @Override
  public synchronized Uni<Submitted> submit(
      RegistrySubmission submission, Optional<Long> keyId, Instant at) {
    Row earlier = rows.get(key(submission));
    if (earlier != null) {
      return Uni.createFrom().item(new Submitted(earlier.item(), true));
    }
    Row row = row(submission, "pending", keyId, at);
    rows.put(key(submission), row);
    return Uni.createFrom().item(new Submitted(row.item(), false));
  }

  private static String key(RegistrySubmission s) {
    return s.chain().id() + "/" + s.registryAddress();
  }

  private static Row row(RegistrySubmission s, String status, Optional<Long> keyId, Instant at) {
    String chain = s.chain().id().toString();
    Object chainId = chain.chars().allMatch(Character::isDigit) ? Long.parseLong(chain) : chain;
    RegistryItem item =
        new RegistryItem(
            chainId,
            s.contractAddress(),
            s.currency(),
            s.type().wireName(),
            s.symbol(),
            s.name(),
            s.decimals(),
            s.logo(),
            status,
            s.source(),
            at);
    return new Row(item, chain, s.registryAddress().toLowerCase(Locale.ROOT), keyId);
  }
}
