package org.walletstate.application.commerce.port.in;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.walletstate.domain.ValidationException;
import org.walletstate.domain.address.EvmAddress;
import org.walletstate.domain.commerce.CompanyId;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.domain.commerce.PassRequest;
import org.walletstate.domain.commerce.PassScan;
import org.walletstate.domain.commerce.ScannerChange;
import org.walletstate.domain.commerce.ScannerPin;
import org.walletstate.domain.fixtures.Json;

/** The bodies of the point-of-sale endpoints and the pass's lifetime. */
class PointOfSaleRulesTest {

  private static void refused(Runnable parse, String message) {
    assertThatThrownBy(parse::run).isInstanceOf(ValidationException.class).hasMessage(message);
  }

  @Test
  void pin_isFourToEightDigits_andNeverPrintsItself() {
    assertThat(ScannerPin.parse("0000", "pin").digits()).isEqualTo("0000");
    assertThat(ScannerPin.parse("12345678", "pin").toString()).doesNotContain("1234");
    for (String bad : new String[] {"123", "123456789", "12a4", "１２３４", " 1234", "-123", ""}) {
      refused(() -> ScannerPin.parse(bad, "pin"), "pin must be 4 to 8 digits (0-9)");
    }
  }

  @Test
  void scannerChange_addsByDefault_removesById_andRefusesMixtures() {
    ScannerChange add =
        ScannersCommands.change(Json.object("{\"pin\":\"4821\",\"label\":\" Till 1 \"}"));
    assertThat(add)
        .isEqualTo(new ScannerChange.Add(ScannerPin.parse("4821", "p"), Optional.of("Till 1")));
    assertThat(
            ScannersCommands.change(
                Json.object("{\"action\":\"remove\",\"scannerId\":\"scn_0123456789abcdef\"}")))
        .isEqualTo(new ScannerChange.Remove("scn_0123456789abcdef"));
    refused(() -> ScannersCommands.change(Json.object("{}")), "pin is required");
    refused(
        () ->
            ScannersCommands.change(
                Json.object("{\"pin\":\"4821\",\"scannerId\":\"scn_0123456789abcdef\"}")),
        "scannerId goes with action \"remove\"");
    refused(
        () -> ScannersCommands.change(Json.object("{\"action\":\"remove\",\"pin\":\"4821\"}")),
        "pin and label go with action \"add\"");
    refused(
        () ->
            ScannersCommands.change(Json.object("{\"action\":\"remove\",\"scannerId\":\"scn_1\"}")),
        "scannerId must be scn_ followed by 16 hex digits");
    refused(
        () -> ScannersCommands.change(Json.object("{\"action\":\"rename\"}")),
        "action must be \"add\" or \"remove\", not rename");
    refused(
        () ->
            ScannersCommands.change(
                Json.object("{\"pin\":\"4821\",\"label\":\"" + "x".repeat(61) + "\"}")),
        "label must be at most 60 characters (got 61)");
    refused(
        () -> ScannersCommands.change(Json.object("{\"pin\":\"4821\",\"colour\":1}")),
        "unknown member colour; expected action, pin, label or scannerId");
  }

  @Test
  void login_passRequest_andScan_nameWhatIsWrong() {
    assertThat(
            ScannersCommands.login(Json.object("{\"merchantId\":\"acme\",\"pin\":\"1234\"}"))
                .merchant())
        .isEqualTo(CompanyId.parse("acme"));
    refused(
        () -> ScannersCommands.login(Json.object("{\"merchantId\":\"acme\"}")), "pin is required");
    refused(
        () -> ScannersCommands.login(Json.object("{\"merchantId\":\"acme\",\"pin\":1234}")),
        "pin must be a string, not a number");
    assertThat(IssuePassCommands.passRequest(Json.object("{\"renewal\":\"wsr_x\"}")))
        .isEqualTo(new PassRequest.Renewal("wsr_x"));
    refused(
        () ->
            IssuePassCommands.passRequest(Json.object("{\"renewal\":\"wsr_x\",\"message\":\"m\"}")),
        "send message and signature, or renewal, not both");
    refused(
        () ->
            IssuePassCommands.passRequest(
                Json.object("{\"message\":\"m\",\"signature\":\"0x12\"}")),
        "signature must be 0x and 130 hex digits (65 bytes)");
    refused(
        () -> IssuePassCommands.passRequest(Json.object("{\"signature\":\"0x12\"}")),
        "message is required");
    assertThat(VerifyPassCommands.passScan(Json.object("{\"code\":\" P1.a.b \"}")))
        .isEqualTo(new PassScan("P1.a.b", Optional.empty()));
    refused(
        () -> VerifyPassCommands.passScan(Json.object("{\"code\":\"  \"}")),
        "code must be the text of the customer's pass QR code");
    refused(
        () -> VerifyPassCommands.passScan(Json.object("{\"code\":\"" + "P".repeat(1025) + "\"}")),
        "code must be at most 1024 characters");
    refused(() -> VerifyPassCommands.passScan(Json.object("{}")), "code is required");
  }

  @Test
  void aPass_livesSixtyFiveSecondsFromItsWholeSecond() {
    InStorePass pass =
        new InStorePass(
            EvmAddress.of("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"),
            Instant.parse("2026-11-20T10:15:30.999Z"));
    assertThat(pass.issuedAt()).isEqualTo(Instant.parse("2026-11-20T10:15:30Z"));
    assertThat(pass.expiresAt()).isEqualTo(Instant.parse("2026-11-20T10:16:35Z"));
    assertThat(pass.staleAt(Instant.parse("2026-11-20T10:16:35Z"))).isFalse();
    assertThat(pass.staleAt(Instant.parse("2026-11-20T10:16:35.001Z"))).isTrue();
  }
}
