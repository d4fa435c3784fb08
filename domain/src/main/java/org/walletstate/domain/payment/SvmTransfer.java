package org.walletstate.domain.payment;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import org.walletstate.domain.address.SolanaAddress;
import org.walletstate.domain.solana.SolanaTransaction;

/**
 * The SPL token {@code TransferChecked} an x402 "exact" Solana payment carries: instruction 12 of
 * the Token or Token-2022 program, accounts (source, mint, destination, authority), data the amount
 * (u64, little-endian) and the mint's decimals.
 */
public record SvmTransfer(
    SolanaAddress program,
    SolanaAddress source,
    SolanaAddress mint,
    SolanaAddress destination,
    SolanaAddress authority,
    BigInteger amount,
    int decimals) {

  public static final SolanaAddress TOKEN_PROGRAM =
      SolanaAddress.of("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
  public static final SolanaAddress TOKEN_2022_PROGRAM =
      SolanaAddress.of("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");
  private static final int TRANSFER_CHECKED = 12;

  // Null checks written out by design: a record validates its own components on construction.
  public SvmTransfer {
    Objects.requireNonNull(program, "program");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(mint, "mint");
    Objects.requireNonNull(destination, "destination");
    Objects.requireNonNull(authority, "authority");
    Objects.requireNonNull(amount, "amount");
  }

  /**
   * The one token-program instruction of {@code transaction}, which must be a {@code
   * TransferChecked} with its accounts among the transaction's static keys.
   *
   * @throws IllegalArgumentException saying why there is no such transfer
   */
  public static SvmTransfer of(SolanaTransaction transaction) {
    List<SolanaTransaction.Instruction> token =
        transaction.instructions().stream()
            .filter(
                i -> {
                  SolanaAddress program = transaction.program(i);
                  return program.equals(TOKEN_PROGRAM) || program.equals(TOKEN_2022_PROGRAM);
                })
            .toList();
    if (token.size() != 1) {
      throw new IllegalArgumentException(
          "the transaction must hold exactly one SPL token instruction, not " + token.size());
    }
    SolanaTransaction.Instruction instruction = token.get(0);
    byte[] data = instruction.data();
    if (data.length != 10 || data[0] != TRANSFER_CHECKED) {
      throw new IllegalArgumentException(
          "the transaction's token instruction is not a TransferChecked");
    }
    int[] accounts = instruction.accounts();
    if (accounts.length < 4) {
      throw new IllegalArgumentException("the TransferChecked names fewer than 4 accounts");
    }
    SolanaAddress[] keys = new SolanaAddress[4];
    for (int i = 0; i < 4; i++) {
      keys[i] =
          transaction
              .account(accounts[i])
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "the TransferChecked's accounts must be static account keys, not"
                              + " address-table lookups"));
    }
    byte[] amount = new byte[8];
    for (int i = 0; i < 8; i++) {
      amount[i] = data[8 - i];
    }
    return new SvmTransfer(
        transaction.program(instruction),
        keys[0],
        keys[1],
        keys[2],
        keys[3],
        new BigInteger(1, amount),
        data[9] & 0xff);
  }
}
