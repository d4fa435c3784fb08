package org.walletstate.domain.evm.eas;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.evm.AbiReader;
import org.walletstate.domain.evm.Bytes;

/**
 * The data of a Human Passport score attestation (schema "score v2" on OP Mainnet): {@code bool
 * passing_score, uint8 score_decimals, uint128 scorer_id, uint32 score, uint32 threshold, (string
 * provider, uint256 score)[] stamps}.
 *
 * @param passingScore the scorer's own pass flag at its own threshold
 * @param scoreDecimals decimals of {@code score} and {@code threshold}
 * @param scorerId the scorer that computed the score
 * @param score the score in units of 10^-scoreDecimals
 * @param threshold the scorer's threshold, same units
 * @param stamps the stamps that made up the score
 */
public record PassportScore(
    boolean passingScore,
    int scoreDecimals,
    BigInteger scorerId,
    long score,
    long threshold,
    List<Stamp> stamps) {

  /** One stamp: the provider that issued it and the score it contributed. */
  public record Stamp(String provider, BigInteger score) {
    public Stamp {
      Objects.requireNonNull(provider, "provider");
      Objects.requireNonNull(score, "score");
    }
  }

  public PassportScore {
    Objects.requireNonNull(scorerId, "scorerId");
    stamps = List.copyOf(stamps);
  }

  /**
   * Decodes the attestation data.
   *
   * @throws org.walletstate.domain.evm.AbiDecodingException when the data is not of this schema
   */
  public static PassportScore decode(Bytes data) {
    AbiReader abi = AbiReader.of(data);
    boolean passing = abi.bool(0);
    int decimals = abi.uint(32, 8).intValueExact();
    BigInteger scorer = abi.uint(64, 128);
    long score = abi.uint(96, 32).longValueExact();
    long threshold = abi.uint(128, 32).longValueExact();
    int array = abi.follow(160, 0);
    int count = abi.length(array, 32);
    int elements = array + 32;
    List<Stamp> stamps = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int stamp = abi.follow(elements + 32 * i, elements);
      String provider = abi.string(abi.follow(stamp, stamp));
      stamps.add(new Stamp(provider, abi.uint(stamp + 32, 256)));
    }
    return new PassportScore(passing, decimals, scorer, score, threshold, stamps);
  }

  /** The score in whole units: {@code score / 10^scoreDecimals}, exactly. */
  public BigDecimal value() {
    return new BigDecimal(BigInteger.valueOf(score), scoreDecimals);
  }
}
