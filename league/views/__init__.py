"""Views: fetch through selectors, write through services, render templates."""
