package org.walletstate.devnet.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The JSON shapes of the Solana RPC documentation that {@link SolanaReplay} answers in: the
 * envelope with its context slot, accounts ({@code rentEpoch} 18446744073709551615 included),
 * {@code jsonParsed} mints and token accounts, the raw SPL Mint layout, simulation results and
 * signature statuses, and keys and signatures in base58.
 */
final class SolanaShapes {

  private static final ObjectMapper JSON = new ObjectMapper();

  private SolanaShapes() {}

  /** {@code {jsonrpc, result: {context: {apiVersion, slot}, value}, id: 1}}. */
  static String answer(JsonNode value, long slot) {
    ObjectNode answer = JSON.createObjectNode().put("jsonrpc", "2.0");
    ObjectNode result = answer.putObject("result");
    result.putObject("context").put("apiVersion", "2.0.15").put("slot", slot);
    result.set("value", value);
    answer.put("id", 1);
    return answer.toString();
  }

  /** An account's fields but its data. */
  static ObjectNode account(long lamports, String program, int space) {
    ObjectNode account = JSON.createObjectNode();
    account.put("executable", false);
    account.put("lamports", lamports);
    account.put("owner", program);
    account.put("rentEpoch", new BigInteger("18446744073709551615"));
    account.put("space", space);
    return account;
  }

  /** A mint of {@code program} with {@code decimals}, parsed, no authorities. */
  static ObjectNode mint(int decimals, String program) {
    ObjectNode info =
        JSON.createObjectNode()
            .put("decimals", decimals)
            .put("freezeAuthority", (String) null)
            .put("isInitialized", true)
            .put("mintAuthority", (String) null)
            .put("supply", "1000000000000000");
    return parsedAccount(1461600, program, 82, "mint", info);
  }

  /**
   * The SPL Mint layout of the same mint: mint authority (COption&lt;Pubkey&gt;), supply (u64),
   * decimals, initialized, freeze authority (COption&lt;Pubkey&gt;); both authorities none.
   */
  static byte[] mintLayout(int decimals) {
    byte[] raw = new byte[82];
    long supply = 1_000_000_000_000_000L;
    for (int i = 0; i < 8; i++) {
      raw[36 + i] = (byte) (supply >>> (8 * i));
    }
    raw[44] = (byte) decimals;
    raw[45] = 1;
    return raw;
  }

  /** A token account as the documentation's sample shows it. */
  static ObjectNode tokenAccount(
      String owner, String mint, String amount, int decimals, String program) {
    ObjectNode info =
        JSON.createObjectNode()
            .put("isNative", false)
            .put("mint", mint)
            .put("owner", owner)
            .put("state", "initialized");
    info.set(
        "tokenAmount",
        JSON.createObjectNode()
            .put("amount", amount)
            .put("decimals", decimals)
            .put("uiAmount", new BigDecimal(amount).movePointLeft(decimals))
            .put("uiAmountString", new BigDecimal(amount).movePointLeft(decimals).toPlainString()));
    return parsedAccount(2039280, program, 165, "account", info);
  }

  /** An account of a token program with its {@code jsonParsed} data. */
  private static ObjectNode parsedAccount(
      long lamports, String program, int space, String type, ObjectNode info) {
    ObjectNode account = account(lamports, program, space);
    ObjectNode data = account.putObject("data");
    data.put("program", program.equals(SolanaReplay.TOKEN) ? "spl-token" : "spl-token-2022");
    ObjectNode parsed = data.putObject("parsed");
    parsed.set("info", info);
    parsed.put("type", type);
    data.put("space", space);
    return account;
  }

  /** The value of a simulation that succeeded. */
  static ObjectNode simulated() {
    ObjectNode value = JSON.createObjectNode();
    value.putNull("err");
    value.putNull("accounts");
    value
        .putArray("logs")
        .add("Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [1]")
        .add("Program log: Instruction: TransferChecked")
        .add("Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success");
    value.putNull("returnData");
    value.put("unitsConsumed", 6200);
    return value;
  }

  /** The value of a simulation whose transaction fails with {@code instructionError}. */
  static ObjectNode simulationFailed(String instructionError) {
    ObjectNode value = JSON.createObjectNode();
    value.putObject("err").putArray("InstructionError").add(2).add(instructionError);
    value.putNull("accounts");
    value.putArray("logs").add("Program log: Error: " + instructionError);
    value.putNull("returnData");
    value.put("unitsConsumed", 4100);
    return value;
  }

  /** A signature finalized at {@code slot} without error. */
  static void finalized(ObjectNode status, long slot) {
    status.put("slot", slot);
    status.putNull("confirmations");
    status.putNull("err");
    status.putObject("status").putNull("Ok");
    status.put("confirmationStatus", "finalized");
  }

  /** Base58 with the Bitcoin alphabet, as Solana writes keys and signatures. */
  static String base58(byte[] bytes) {
    String alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    BigInteger value = new BigInteger(1, bytes);
    StringBuilder text = new StringBuilder();
    BigInteger base = BigInteger.valueOf(58);
    while (value.signum() > 0) {
      BigInteger[] division = value.divideAndRemainder(base);
      text.append(alphabet.charAt(division[1].intValue()));
      value = division[0];
    }
    for (int i = 0; i < bytes.length && bytes[i] == 0; i++) {
      text.append('1');
    }
    return text.reverse().toString();
  }
}
