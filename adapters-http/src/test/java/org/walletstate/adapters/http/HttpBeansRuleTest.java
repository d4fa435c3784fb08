package org.walletstate.adapters.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.walletstate.adapters.http.attest.AttestResource;
import org.walletstate.adapters.http.auth.CredentialFilters;
import org.walletstate.adapters.http.auth.CurrentCaller;
import org.walletstate.adapters.http.edge.HttpEdge;
import org.walletstate.adapters.http.mcp.McpTools;

/**
 * {@link ArchitectureTest#httpBeansAreBuiltByTheRoot} on chosen classes: the framework's own kinds
 * pass, a helper that registers itself does not. (The samples carry no framework annotation but a
 * scope: Quarkus also reads test classes, and would serve a sample resource or run a sample
 * filter.)
 */
class HttpBeansRuleTest {

  @ApplicationScoped
  static class Helper {}

  @Singleton
  static class AnotherHelper {}

  @Test
  void aHelperThatRegistersItself_breaksTheRule() {
    EvaluationResult result =
        ArchitectureTest.httpBeansAreBuiltByTheRoot.evaluate(
            new ClassFileImporter().importClasses(Helper.class, AnotherHelper.class));

    assertThat(result.getFailureReport().getDetails())
        .hasSize(2)
        .anyMatch(d -> d.contains(Helper.class.getName() + ">"))
        .anyMatch(d -> d.contains(AnotherHelper.class.getName() + ">"));
  }

  @Test
  void resourcesFiltersObserversAndRequestState_mayRegisterThemselves() {
    EvaluationResult result =
        ArchitectureTest.httpBeansAreBuiltByTheRoot.evaluate(
            new ClassFileImporter()
                .importClasses(
                    AttestResource.class,
                    CredentialFilters.class,
                    HttpEdge.class,
                    McpTools.class,
                    CurrentCaller.class));

    assertThat(result.hasViolation()).isFalse();
  }
}
