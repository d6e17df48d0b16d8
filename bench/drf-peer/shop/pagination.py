from rest_framework import pagination
from rest_framework.response import Response


class Pages(pagination.PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500

    def get_paginated_response(self, data):
        # Our envelope (results, total) rather than DRF's count/next/previous.
        return Response({"results": data, "total": self.page.paginator.count})
