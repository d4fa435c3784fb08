package org.walletstate.domain.proof;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.walletstate.domain.WireName;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.digest.Keccak256;
import org.walletstate.domain.evm.Bytes;
import org.walletstate.domain.evm.Bytes32;
import org.walletstate.domain.payload.Quantities;

/**
 * Where a token keeps balances: a {@code mapping(address => uint256)} whose base slot is {@code
 * mappingSlot}. Solidity stores {@code holder}'s entry at {@code keccak(pad(holder) ‖
 * pad(mappingSlot))}, Vyper at {@code keccak(pad(mappingSlot) ‖ pad(holder))}.
 *
 * @param order the compiler's key order
 * @param mappingSlot the mapping's base slot: a small declaration index, or an ERC-7201 namespace
 *     root
 */
public record BalanceLayout(KeyOrder order, Bytes32 mappingSlot) {

  /** Which side of the hash preimage the holder is on. */
  public enum KeyOrder implements WireName {
    /** {@code keccak(pad(holder) ‖ pad(slot))}. */
    SOLIDITY,
    /** {@code keccak(pad(slot) ‖ pad(holder))}. */
    VYPER
  }

  /**
   * OpenZeppelin 5 upgradeable ERC-20 (ERC-7201 namespace {@code openzeppelin.storage.ERC20}):
   * {@code _balances} is the namespace's first member, so its base slot is the namespace root.
   */
  public static final Bytes32 OPENZEPPELIN_ERC20_NAMESPACE = erc7201("openzeppelin.storage.ERC20");

  /** Declaration indexes tried by the bounded search, both key orders: 0 to this, exclusive. */
  public static final int SEARCH_SLOTS = 32;

  public BalanceLayout {
    Objects.requireNonNull(order, "order");
    Objects.requireNonNull(mappingSlot, "mappingSlot");
  }

  public static BalanceLayout solidity(long slot) {
    return new BalanceLayout(KeyOrder.SOLIDITY, Bytes32.of(BigInteger.valueOf(slot)));
  }

  public static BalanceLayout vyper(long slot) {
    return new BalanceLayout(KeyOrder.VYPER, Bytes32.of(BigInteger.valueOf(slot)));
  }

  /** The storage slot of {@code holder}'s balance under this layout. */
  public Bytes32 storageKey(EvmAddress holder) {
    Bytes32 padded = Bytes32.of(holder);
    Bytes preimage =
        order == KeyOrder.SOLIDITY
            ? Bytes.concat(padded.bytes(), mappingSlot.bytes())
            : Bytes.concat(mappingSlot.bytes(), padded.bytes());
    return new Bytes32(Bytes.of(Keccak256.hash(preimage.toArray())));
  }

  /** The base slot as a hex quantity ({@code 0x0}, {@code 0x9}, or a namespace root). */
  public String mappingSlotHex() {
    return Quantities.hex(mappingSlot.toUnsigned());
  }

  /**
   * Layouts of widely deployed tokens, most common first: OpenZeppelin ERC-20 (slot 0 in 4.x/5.x),
   * OpenZeppelin upgradeable 4.x (51) and 5.x (the ERC-7201 namespace), solmate and WETH9 (3),
   * FiatToken/USDC (9), then the first few slots of both key orders.
   */
  public static List<BalanceLayout> standard() {
    return STANDARD;
  }

  /**
   * The bounded search after {@link #standard()}: every declaration index below {@link
   * #SEARCH_SLOTS} in both key orders, without the standard ones.
   */
  public static List<BalanceLayout> search() {
    return SEARCH;
  }

  private static final List<BalanceLayout> STANDARD =
      List.of(
          solidity(0),
          new BalanceLayout(KeyOrder.SOLIDITY, OPENZEPPELIN_ERC20_NAMESPACE),
          solidity(51),
          solidity(3),
          solidity(9),
          solidity(1),
          solidity(2),
          vyper(0),
          vyper(1),
          vyper(2),
          vyper(3));

  private static final List<BalanceLayout> SEARCH;

  static {
    Set<BalanceLayout> rest = new LinkedHashSet<>();
    for (int slot = 0; slot < SEARCH_SLOTS; slot++) {
      rest.add(solidity(slot));
    }
    for (int slot = 0; slot < SEARCH_SLOTS; slot++) {
      rest.add(vyper(slot));
    }
    STANDARD.forEach(rest::remove);
    SEARCH = Collections.unmodifiableList(new ArrayList<>(rest));
  }

  /** ERC-7201: {@code keccak(pad(uint(keccak(id)) - 1)) & ~0xff}. */
  static Bytes32 erc7201(String namespace) {
    BigInteger inner = new BigInteger(1, Keccak256.hash(namespace)).subtract(BigInteger.ONE);
    byte[] outer = Keccak256.hash(Bytes32.of(inner).bytes().toArray());
    outer[31] = 0;
    return new Bytes32(Bytes.of(outer));
  }
}
