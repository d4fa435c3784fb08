package org.walletstate.adapters.http.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Helm chart ({@code src/main/helm/wallet-state}) linted and rendered by Helm itself (v3.21,
 * embedded as a native library by helm-java: no helm binary, no cluster, no network), and each
 * rendering checked by {@code scripts/validate-kubernetes.mjs} against the Kubernetes and
 * Prometheus Operator schemas of the {@code kubernetes-models} packages plus the service's own
 * rules (probes, requests, selectors, references).
 */
class HelmChartTest {

  private static final Path CHART = Path.of("src/main/helm/wallet-state");
  private static final Path RENDERED = Path.of("target/helm-rendered");

  @BeforeAll
  static void tools() throws Exception {
    Files.createDirectories(RENDERED);
    // the build checks' npm packages, from package-lock.json (npm ci once; skipped when in sync)
    assertThat(node("scripts/ensure-deps.mjs").exit()).isZero();
  }

  @Test
  void lint_passesStrict() {
    LintResult lint = new Helm(CHART).lint().strict().call();
    assertThat(lint.isFailed()).as(String.join("\n", lint.getMessages())).isFalse();
  }

  @Test
  void defaults_renderEveryObjectWithKeysFromASecret_andValidate() throws Exception {
    String yaml = render("defaults", t -> t);
    assertThat(yaml)
        .contains("kind: Deployment", "kind: Service", "kind: ConfigMap", "kind: ServiceAccount")
        .contains("kind: HorizontalPodAutoscaler", "kind: PodDisruptionBudget")
        .contains("kind: ServiceMonitor", "path: /q/metrics")
        .contains("name: SIGNING_P256_JWK", "name: SIGNING_ML_DSA_65_JWK")
        .contains("name: DB_URL", "name: wallet-state-database")
        .contains("memory: 512Mi", "cpu: 450m")
        .doesNotContain("SIGNING_KMS_", "AWS_ACCESS_KEY_ID", "OTEL_SDK_DISABLED");
    assertThat(validate("defaults")).isZero();
  }

  @Test
  void kms_rendersKeyIdsAndCredentials_insteadOfPrivateKeys_andValidates() throws Exception {
    String yaml =
        render(
            "kms",
            t ->
                t.set("signing.mode", "kms")
                    .set("signing.kms.region", "eu-central-1")
                    .set("signing.kms.p256KeyId", "alias/wallet-state-p256")
                    .set("signing.kms.mlDsa65KeyId", "alias/wallet-state-mldsa65")
                    .set("tracing.otlpEndpoint", "http://otel-collector.observability:4317")
                    .set("serviceMonitor.enabled", "false"));
    assertThat(yaml)
        .contains("SIGNING_KMS_P256_KEY_ID: \"alias/wallet-state-p256\"")
        .contains("SIGNING_KMS_ML_DSA_65_KEY_ID: \"alias/wallet-state-mldsa65\"")
        .contains("SIGNING_KMS_REGION: \"eu-central-1\"")
        .contains("name: AWS_ACCESS_KEY_ID", "name: wallet-state-kms-credentials")
        .contains("OTEL_SDK_DISABLED: \"false\"")
        .doesNotContain("name: SIGNING_P256_JWK", "kind: ServiceMonitor");
    assertThat(validate("kms")).isZero();
  }

  @Test
  void kmsWithoutKeyIds_andAnUnknownSigningMode_areRefused() {
    assertThatThrownBy(() -> template().set("signing.mode", "kms").call())
        .hasMessageContaining("signing.kms.p256KeyId is required");
    assertThatThrownBy(() -> template().set("signing.mode", "vault").call())
        .hasMessageContaining("signing.mode must be secret or kms");
  }

  @Test
  void aRenderingWithoutResourceRequests_failsTheValidation() throws Exception {
    render("no-requests", t -> t.set("resources.requests", "null"));
    assertThat(validate("no-requests")).isNotZero();
  }

  private static TemplateCommand template() {
    return new Helm(CHART).template().withName("wallet-state").withNamespace("wallet-state");
  }

  private static String render(String name, UnaryOperator<TemplateCommand> values)
      throws IOException {
    String yaml = values.apply(template()).call();
    Files.writeString(RENDERED.resolve(name + ".yaml"), yaml, StandardCharsets.UTF_8);
    return yaml;
  }

  private static int validate(String name) throws Exception {
    Run run = node("scripts/validate-kubernetes.mjs", RENDERED.resolve(name + ".yaml").toString());
    System.out.println(run.output());
    return run.exit();
  }

  private record Run(int exit, String output) {}

  private static Run node(String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("node"));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
    return new Run(process.exitValue(), output);
  }
}
