package org.walletstate.domain.trust;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.chain.Chain;
import org.walletstate.domain.chain.ChainCatalogue;
import org.walletstate.domain.chain.ChainId;
import org.walletstate.domain.evm.CodeState;
import org.walletstate.domain.holding.Asset;
import org.walletstate.domain.holding.family.HoldingFamilies;

/**
 * The list of checks a profile runs, named by its {@code conditionSetVersion}. It is data this jar
 * carries ({@code trust-checks-<version>.tsv} beside this class), loaded once and validated before
 * any profile uses it: every row names a catalogue chain and a well-formed asset of the chain's
 * family, the dimensions come in the interface's order, each with its fixed number of checks, and
 * no label repeats within a dimension. A list that fails any of this is never used.
 */
public final class TrustCheckList {

  /** The version of the list this service runs; signed in every profile. */
  public static final String VERSION = "2026-10-08";

  /** Checks of the base profile (the ten base dimensions). */
  public static final int BASE_CHECKS = 155;

  private static final List<String> COLUMNS =
      List.of(
          "dimension",
          "label",
          "chainId",
          "type",
          "contractAddress",
          "currency",
          "assetCode",
          "expect",
          "decimals",
          "symbol",
          "confidence",
          "source");

  private final String version;
  private final List<TrustCheck> checks;
  private final Map<TrustDimension, List<TrustCheck>> byDimension;

  private TrustCheckList(String version, List<TrustCheck> checks) {
    this.version = version;
    this.checks = List.copyOf(checks);
    Map<TrustDimension, List<TrustCheck>> grouped = new EnumMap<>(TrustDimension.class);
    for (TrustCheck check : checks) {
      grouped.computeIfAbsent(check.dimension(), d -> new ArrayList<>()).add(check);
    }
    grouped.replaceAll((d, list) -> List.copyOf(list));
    this.byDimension = Collections.unmodifiableMap(grouped);
  }

  private static final class Current {
    static final TrustCheckList LIST = load(VERSION);
  }

  /**
   * The list this service runs, loaded and validated on first use.
   *
   * @throws IllegalStateException when the carried list is not valid (the service must not start)
   */
  public static TrustCheckList current() {
    return Current.LIST;
  }

  /** Loads the carried list of {@code version}. */
  static TrustCheckList load(String version) {
    String resource = "trust-checks-" + version + ".tsv";
    try (InputStream in = TrustCheckList.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no check list " + resource + " in the domain jar");
      }
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      return parse(version, reader.lines().toList());
    } catch (IOException e) {
      throw new UncheckedIOException("the check list " + resource + " could not be read", e);
    }
  }

  /**
   * Parses and validates a list: {@code #} comment lines, a header naming the columns, then one
   * tab-separated row per check.
   *
   * @throws IllegalStateException naming the first line or rule that fails
   */
  public static TrustCheckList parse(String version, List<String> lines) {
    List<TrustCheck> checks = new ArrayList<>();
    boolean header = false;
    int number = 0;
    for (String line : lines) {
      number++;
      if (line.startsWith("#") || line.isBlank()) {
        continue;
      }
      List<String> cells = List.of(line.split("\t", -1));
      if (!header) {
        if (!cells.equals(COLUMNS)) {
          throw new IllegalStateException(
              "check list " + version + ": the header must be " + String.join(",", COLUMNS));
        }
        header = true;
        continue;
      }
      if (cells.size() != COLUMNS.size()) {
        throw new IllegalStateException(
            "check list "
                + version
                + " line "
                + number
                + ": "
                + cells.size()
                + " cells, not "
                + COLUMNS.size());
      }
      try {
        checks.add(row(cells));
      } catch (ValidationException | IllegalArgumentException e) {
        throw new IllegalStateException(
            "check list " + version + " line " + number + ": " + e.getMessage(), e);
      }
    }
    TrustCheckRules.validate(version, checks);
    return new TrustCheckList(version, checks);
  }

  private static TrustCheck row(List<String> cells) {
    String dimensionKey = cells.get(0);
    TrustDimension dimension =
        TrustDimension.of(dimensionKey)
            .orElseThrow(
                () -> new IllegalArgumentException("unknown dimension \"" + dimensionKey + "\""));
    String label = cells.get(1);
    Chain chain = chain(cells.get(2));
    String type = cells.get(3);
    String contract = cells.get(4);
    Optional<String> currency = optional(cells.get(5));
    Optional<String> assetCode = optional(cells.get(6));
    Optional<String> expect = optional(cells.get(7));
    OptionalInt decimals =
        cells.get(8).isEmpty()
            ? OptionalInt.empty()
            : OptionalInt.of(Integer.parseInt(cells.get(8)));
    TrustCheck.Subject subject =
        switch (type) {
          case "token_balance" ->
              chain.isEvm()
                  ? new TrustCheck.Erc20(EvmAddress.parse(contract, "contractAddress"))
                  : familyAsset(chain, contract, currency, assetCode);
          case "nft_ownership" ->
              new TrustCheck.Erc721(EvmAddress.parse(contract, "contractAddress"));
          case "account_code" -> {
            if (!contract.isEmpty()) {
              throw new IllegalArgumentException("an account row names no contract");
            }
            String state = expect.orElseThrow(() -> new IllegalArgumentException("expect missing"));
            yield new TrustCheck.Code(
                CodeState.fromWire(state)
                    .orElseThrow(() -> new IllegalArgumentException("bad expect " + state)));
          }
          default -> throw new IllegalArgumentException("unknown type \"" + type + "\"");
        };
    if (!(subject instanceof TrustCheck.Code) && expect.isPresent()) {
      throw new IllegalArgumentException("expect belongs to account rows only");
    }
    return new TrustCheck(dimension, label, chain, subject, decimals, cells.get(9));
  }

  private static Chain chain(String text) {
    ChainId id =
        text.chars().allMatch(Character::isDigit) && !text.isEmpty()
            ? new ChainId.Evm(Long.parseLong(text))
            : new ChainId.Named(text);
    return ChainCatalogue.find(id)
        .orElseThrow(() -> new IllegalArgumentException("chain " + text + " is not supported"));
  }

  /**
   * A non-EVM token row's asset, as its family's holdings read it; {@code currency} and {@code
   * assetCode} are the codes of the families whose issued assets carry that member.
   */
  private static TrustCheck.Subject familyAsset(
      Chain chain, String contract, Optional<String> currency, Optional<String> assetCode) {
    if (currency.isPresent() && assetCode.isPresent()) {
      throw new IllegalArgumentException("a row has a currency or an asset code, not both");
    }
    Optional<String> code = currency.or(() -> assetCode);
    Asset asset = HoldingFamilies.on(chain).asset(contract, code);
    String member = currency.isPresent() ? "currency" : "assetCode";
    if (code.isPresent()
        && !(asset instanceof Asset.Issued issued && issued.codeMember().equals(member))) {
      throw new IllegalArgumentException(member + " does not belong to " + chain.id() + " rows");
    }
    return new TrustCheck.FamilyAsset(asset);
  }

  private static Optional<String> optional(String cell) {
    return cell.isEmpty() ? Optional.empty() : Optional.of(cell);
  }

  public String version() {
    return version;
  }

  /** Every check, in the signed order. */
  public List<TrustCheck> checks() {
    return checks;
  }

  /** The checks of {@code dimension}, in their stable order. */
  public List<TrustCheck> checks(TrustDimension dimension) {
    return byDimension.getOrDefault(dimension, List.of());
  }

  /** The dimensions a profile of {@code wallets} has, in the fixed order. */
  public List<TrustDimension> dimensions(TrustWallets wallets) {
    List<TrustDimension> on = new ArrayList<>();
    for (TrustDimension dimension : TrustDimension.values()) {
      if (dimension.onlyWith().map(wallets::has).orElse(true)) {
        on.add(dimension);
      }
    }
    return List.copyOf(on);
  }

  /** The chains the checks of {@code dimensions} read, in the order the list first names them. */
  public Set<Chain> chains(List<TrustDimension> dimensions) {
    Set<Chain> chains = new LinkedHashSet<>();
    for (TrustDimension dimension : dimensions) {
      checks(dimension).forEach(check -> chains.add(check.chain()));
    }
    return Collections.unmodifiableSet(chains);
  }
}
