package org.walletstate.application.testing;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walletstate.application.commerce.port.out.MerchantStore;
import org.walletstate.application.commerce.port.out.ScannerStore;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.Merchant;
import org.walletstate.domain.commerce.Scanner;

/**
 * Scanners of the merchants of a {@link MemoryMerchantStore}, with the port's rules: a merchant's
 * salt is its first candidate; only the owner adds, lists and removes, below the limit and with a
 * PIN hash no other scanner of the merchant has; removing a scanner ends its sessions; a session
 * (by its token's hash) answers its merchant until it expires; opening one records the scanner's
 * login.
 */
public final class MemoryScannerStore implements ScannerStore {

  private record Row(String merchantKey, Scanner scanner, String pinHash) {}

  private record Session(String merchantKey, CompanyId merchant, String scannerId, Instant until) {}

  private final MemoryMerchantStore merchants;
  private final Map<String, byte[]> salts = new HashMap<>();
  private final List<Row> scanners = new ArrayList<>();
  private final Map<String, Session> sessions = new LinkedHashMap<>();

  public MemoryScannerStore(MemoryMerchantStore merchants) {
    this.merchants = merchants;
  }

  /** How many sessions are stored (live or not). */
  public synchronized int sessions() {
    return sessions.size();
  }

  @Override
  public synchronized Uni<Optional<byte[]>> salt(CompanyId merchant, byte[] candidate) {
    if (merchants.row(merchant.key()).isEmpty()) {
      return Uni.createFrom().item(Optional.empty());
    }
    return Uni.createFrom()
        .item(Optional.of(salts.computeIfAbsent(merchant.key(), k -> candidate.clone())));
  }

  @Override
  public synchronized Uni<Added> add(
      CompanyId merchant, long ownerKeyId, NewScanner scanner, int limit) {
    Optional<Merchant> m = merchants.row(merchant.key());
    Added added;
    if (m.isEmpty()) {
      added = new Added.NotFound();
    } else if (!m.get().ownedBy(ownerKeyId)) {
      added = new Added.NotOwner();
    } else if (of(merchant).size() >= limit) {
      added = new Added.LimitReached(limit);
    } else if (of(merchant).stream().anyMatch(r -> r.pinHash().equals(scanner.pinHash()))) {
      added = new Added.PinTaken();
    } else {
      Scanner stored =
          new Scanner(scanner.id(), scanner.label(), scanner.createdAt(), Optional.empty());
      scanners.add(new Row(merchant.key(), stored, scanner.pinHash()));
      added = new Added.Done(stored);
    }
    return Uni.createFrom().item(added);
  }

  @Override
  public synchronized Uni<Removed> remove(CompanyId merchant, long ownerKeyId, String scannerId) {
    Optional<Merchant> m = merchants.row(merchant.key());
    Removed removed;
    if (m.isEmpty()) {
      removed = Removed.NOT_FOUND;
    } else if (!m.get().ownedBy(ownerKeyId)) {
      removed = Removed.NOT_OWNER;
    } else if (scanners.removeIf(
        r -> r.merchantKey().equals(merchant.key()) && r.scanner().id().equals(scannerId))) {
      sessions
          .values()
          .removeIf(s -> s.merchantKey().equals(merchant.key()) && s.scannerId().equals(scannerId));
      removed = Removed.DONE;
    } else {
      removed = Removed.NO_SUCH_SCANNER;
    }
    return Uni.createFrom().item(removed);
  }

  @Override
  public synchronized Uni<MerchantStore.Access<List<Scanner>>> list(
      CompanyId merchant, long ownerKeyId) {
    Optional<Merchant> m = merchants.row(merchant.key());
    MerchantStore.Access<List<Scanner>> access;
    if (m.isEmpty()) {
      access = new MerchantStore.Access.NotFound<>();
    } else if (!m.get().ownedBy(ownerKeyId)) {
      access = new MerchantStore.Access.NotOwner<>();
    } else {
      access = new MerchantStore.Access.Done<>(of(merchant).stream().map(Row::scanner).toList());
    }
    return Uni.createFrom().item(access);
  }

  @Override
  public synchronized Uni<Optional<String>> scannerByPin(CompanyId merchant, String pinHash) {
    return Uni.createFrom()
        .item(
            of(merchant).stream()
                .filter(r -> r.pinHash().equals(pinHash))
                .map(r -> r.scanner().id())
                .findFirst());
  }

  @Override
  public synchronized Uni<Void> openSession(
      byte[] tokenHash, CompanyId merchant, String scannerId, Instant expiresAt, Instant now) {
    sessions.put(
        HexFormat.of().formatHex(tokenHash),
        new Session(merchant.key(), merchant, scannerId, expiresAt));
    for (int i = 0; i < scanners.size(); i++) {
      Row row = scanners.get(i);
      if (row.merchantKey().equals(merchant.key()) && row.scanner().id().equals(scannerId)) {
        Scanner s = row.scanner();
        scanners.set(
            i,
            new Row(
                row.merchantKey(),
                new Scanner(s.id(), s.label(), s.createdAt(), Optional.of(now)),
                row.pinHash()));
      }
    }
    return Uni.createFrom().voidItem();
  }

  @Override
  public synchronized Uni<Optional<CompanyId>> session(byte[] tokenHash, Instant now) {
    Session session = sessions.get(HexFormat.of().formatHex(tokenHash));
    return Uni.createFrom()
        .item(
            session == null || !session.until().isAfter(now)
                ? Optional.empty()
                : Optional.of(session.merchant()));
  }

  private List<Row> of(CompanyId merchant) {
    return scanners.stream().filter(r -> r.merchantKey().equals(merchant.key())).toList();
  }
}
